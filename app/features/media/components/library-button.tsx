import { type ReactNode, useCallback, useState } from "react";
import { createPortal } from "react-dom";

import type { MediaKind, PickedMedia, PickMedia } from "../picked-media";
import { MediaPicker } from "./media-picker";

type Request = { kind: MediaKind; resolve: (picked: PickedMedia | null) => void };

/**
 * The media library as a question: `pickMedia(kind)` opens the picker and resolves with the chosen
 * file (its alt text, caption and captions track), or null when the admin closes it. Render `picker`.
 */
export function useMediaPicker(): { pickMedia: PickMedia; picker: ReactNode } {
  const [request, setRequest] = useState<Request | null>(null);
  const pickMedia = useCallback<PickMedia>(
    (kind) => new Promise((resolve) => setRequest({ kind, resolve })),
    [],
  );
  const answer = (picked: PickedMedia | null) => {
    request?.resolve(picked);
    setRequest(null);
  };
  // In <body>, not inside the post's form: the picker has forms of its own.
  const picker =
    request &&
    createPortal(
      <MediaPicker
        kind={request.kind}
        open
        onClose={() => answer(null)}
        onChoose={(item) =>
          answer({
            url: item.url,
            alt: item.alt,
            caption: item.caption,
            captions: item.captionsUrl ?? undefined,
          })
        }
      />,
      document.body,
    );
  return { pickMedia, picker };
}

/** "Choose from the library": a button that asks `pickMedia` and hands over the chosen file. Needs JavaScript. */
export function LibraryButton({
  kind,
  label,
  pickMedia,
  onChoose,
}: {
  kind: MediaKind;
  label: string;
  pickMedia: PickMedia;
  onChoose: (picked: PickedMedia) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => void pickMedia(kind).then((picked) => picked && onChoose(picked))}
      className="js-only inline-flex min-h-10 items-center self-start rounded-full border border-border px-4 text-sm font-semibold hover:border-primary"
    >
      {label}
    </button>
  );
}
