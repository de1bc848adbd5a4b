import { IMAGE_TYPES, VIDEO_TYPES } from "~/features/media";

/**
 * Of files dropped or pasted into the editor, the one a dialog takes: the first image or video (or,
 * with neither, the first file, which the image dialog then refuses), and a note when others were left
 * out.
 */
export function droppedFile(
  files: FileList | File[],
): { kind: "image" | "video"; file: File; note?: string } | null {
  const all = Array.from(files);
  const file = all.find((f) => IMAGE_TYPES.includes(f.type) || VIDEO_TYPES.includes(f.type)) ?? all[0];
  if (!file) return null;
  const kind = VIDEO_TYPES.includes(file.type) ? "video" : "image";
  if (all.length === 1) return { kind, file };
  return {
    kind,
    file,
    note: `${all.length} files were given: one goes in at a time, so this is ${file.name}. Drop or paste the others after it.`,
  };
}
