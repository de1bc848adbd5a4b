import { describe, expect, it } from "vitest";

import { dataUrlFromJson, DataUrlJsonParser } from "~/platform/http/data-url-json.server";
import { UploadError } from "~/platform/http/errors.server";

const video = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256));
const dataUrl = `data:video/mp4;base64,${video.toString("base64")}`;

/** Feeds `body` in pieces of `size` bytes; returns the decoded bytes and the rest of the object. */
function parse(body: string | Buffer, size = Infinity) {
  const bytes = Buffer.from(body);
  const parser = new DataUrlJsonParser("video", 32 * 1024);
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += Math.min(size, bytes.length))
    out.push(parser.push(bytes.subarray(i, i + size)));
  parser.end();
  return { bytes: Buffer.concat(out), rest: parser.rest() };
}

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UploadError);
    return { status: (error as UploadError).status, message: (error as UploadError).message };
  }
  throw new Error("nothing was refused");
}

describe("a JSON body's data URL, decoded as it streams", () => {
  it("decodes the data URL and keeps the rest of the object, whatever the key order", () => {
    const body = JSON.stringify({ fileName: "clip.mp4", video: dataUrl, mimeType: "video/mp4" });
    const { bytes, rest } = parse(body);
    expect(bytes.equals(video)).toBe(true);
    expect(rest).toEqual({ fileName: "clip.mp4", video: "data:video/mp4;base64,", mimeType: "video/mp4" });
  });

  it("gives the same result however the body is cut into chunks", () => {
    const body = `{ "video" : "${dataUrl}",\n "fileName": "a \\"quoted\\" name, with {braces}", "n": [1, {"video": "x"}] }`;
    const whole = parse(body);
    expect(whole.bytes.equals(video)).toBe(true);
    for (const size of [1, 2, 3, 5, 7, 64, 1000]) {
      const pieces = parse(body, size);
      expect(pieces.bytes.equals(video), `chunks of ${size}`).toBe(true);
      expect(pieces.rest, `chunks of ${size}`).toEqual(whole.rest);
    }
    expect(whole.rest.fileName).toBe('a "quoted" name, with {braces}');
  });

  it("accepts escaped slashes, line breaks in the base64 and an escaped key", () => {
    const base64 = video.toString("base64");
    const wrapped = base64.replace(/.{76}/g, "$&\\n").replaceAll("/", "\\/");
    const { bytes, rest } = parse(`{"vid\\u0065o":"data:video\\/webm;base64,${wrapped}"}`, 13);
    expect(bytes.equals(video)).toBe(true);
    expect(rest).toEqual({ video: "data:video/webm;base64," });
  });

  it("refuses what is not a base64 data URL, not JSON or not an object with a 400", () => {
    expect(refusal(() => parse('{"video":"hello"}'))).toEqual({
      status: 400,
      message: "video must be a base64 data URL",
    });
    expect(refusal(() => parse('{"video":"data:video/mp4,AAAA"}')).status).toBe(400);
    expect(refusal(() => parse('{"video":"data:video/mp4;base64,AA!A"}')).message).toContain(
      "not valid base64",
    );
    expect(refusal(() => parse('{"video":"data:video/mp4;base64,AA=A"}')).status).toBe(400);
    expect(refusal(() => parse('{"video":"data:video/mp4;base64,AAAAA"}')).status).toBe(400);
    expect(refusal(() => parse(`{"video":"${dataUrl}"`)).message).toBe("The body is not valid JSON");
    expect(refusal(() => parse(`{"video":"${dataUrl}" "x": 1}`)).message).toBe("The body is not valid JSON");
    expect(refusal(() => parse(`["video", "${dataUrl}"]`)).message).toBe("The body must be a JSON object");
    expect(refusal(() => parse(`{"video":"${dataUrl}","video":"${dataUrl}"}`)).message).toBe(
      "video must be given once",
    );
  });

  it("keeps at most its limit besides the data URL (413), however long the data URL", () => {
    const parser = new DataUrlJsonParser("video", 100);
    parser.push(Buffer.from(`{"video":"${dataUrl}${dataUrl.slice(22).repeat(20)}"`));
    expect(refusal(() => parser.push(Buffer.from(`, "notes": "${"x".repeat(200)}"}`)))).toEqual({
      status: 413,
      message: "The JSON besides the video must be at most 100 bytes",
    });
  });

  it("streams a body chunk by chunk and checks the rest of the object at the end", async () => {
    const body = Buffer.from(JSON.stringify({ video: dataUrl, fileName: 42 }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < body.length; i += 1000) controller.enqueue(body.subarray(i, i + 1000));
        controller.close();
      },
    });
    const out: Buffer[] = [];
    const error = await (async () => {
      for await (const chunk of dataUrlFromJson(stream, "video", {
        restLimit: 1024,
        check: (rest) => {
          if (typeof rest.fileName !== "string") throw new UploadError(400, "fileName must be text");
        },
      }))
        out.push(chunk);
    })().catch((e: unknown) => e);
    expect(Buffer.concat(out).equals(video)).toBe(true);
    expect(error).toMatchObject({ status: 400, message: "fileName must be text" });
  });
});
