// A linked file's type by its bytes, never its name: PDFs and the sounds a podcast or a post plays.
import { describe, expect, it } from "vitest";

import { sniffAudio, sniffDocument } from "~/features/media/index.server";

const bytes = (text: string, ...more: number[]) =>
  Buffer.concat([Buffer.from(text, "latin1"), Buffer.from(more)]);

describe("linked files by their bytes", () => {
  it("knows a PDF, and nothing that only says so", () => {
    expect(sniffDocument(bytes("%PDF-1.7\n"))).toBe("pdf");
    expect(sniffDocument(bytes("<!doctype html>%PDF-"))).toBeNull();
    expect(sniffDocument(Buffer.alloc(0))).toBeNull();
  });

  it.each([
    ["an ID3 tag", bytes("ID3\x04\x00"), "mp3"],
    ["an MP3 frame", Buffer.from([0xff, 0xfb, 0x90, 0x64]), "mp3"],
    ["an M4A", bytes("\x00\x00\x00\x20ftypM4A \x00"), "m4a"],
    ["a WAV", bytes("RIFF\x24\x00\x00\x00WAVEfmt "), "wav"],
    ["a FLAC", bytes("fLaC\x00"), "flac"],
    ["an Ogg Vorbis", bytes("OggS".padEnd(28, "\x00") + "\x01vorbis"), "oga"],
  ])("knows %s", (_name, head, type) => {
    expect(sniffAudio(head)).toBe(type);
  });

  it.each([
    ["a JPEG", Buffer.from([0xff, 0xd8, 0xff, 0xe0])],
    ["an Ogg video", bytes("OggS".padEnd(28, "\x00") + "\x80theora")],
    ["an MP4 video", bytes("\x00\x00\x00\x18ftypisom")],
    ["a page", bytes("<html>")],
  ])("is not fooled by %s", (_name, head) => {
    expect(sniffAudio(head)).toBeNull();
  });
});
