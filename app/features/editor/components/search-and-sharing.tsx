import { useEffect, useRef, useState } from "react";

import type { PickMedia } from "~/features/media";
import { LibraryButton } from "~/features/media";
import { SITE_NAME } from "~/platform/pages/seo";
import { inputClass } from "~/ui/forms/field";

/** Past these, search engines cut the text off (about 600 px of title, two lines of description). */
export const SEARCH_TITLE_ADVICE = 60;
export const SEARCH_DESCRIPTION_ADVICE = 155;

type Values = { seoTitle: string; seoDescription: string; socialImage: string };
type Fallback = { title: string; excerpt: string; image: string; path: string };
type Errors = Partial<Record<keyof Values, string[] | undefined>>;

function Counter({ length, advice, id }: { length: number; advice: number; id: string }) {
  const over = length > advice;
  return (
    <p id={id} className={`mt-1 text-xs ${over ? "text-destructive" : "text-muted"}`} aria-live="polite">
      {length} / {advice} characters{over ? ": search results will cut it off" : ""}
    </p>
  );
}

const shorten = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/**
 * A post's own search title, search description and social image, each falling back to the title,
 * the excerpt and the cover when left empty, with character counts and live previews of the search
 * result and of the card a social network shows. Plain inputs in the post's form: they save without
 * JavaScript; with it the previews follow the typing and the social image can come from the library.
 */
export function SearchAndSharing({
  defaultValue,
  fallback,
  siteHost,
  errors = {},
  pickMedia,
}: {
  defaultValue: Values;
  fallback: Fallback;
  siteHost: string;
  errors?: Errors;
  pickMedia: PickMedia;
}) {
  const [values, setValues] = useState(defaultValue);
  const socialInput = useRef<HTMLInputElement>(null);
  // Chosen in the library: into the field and the preview, and announced as typing is (the autosave and
  // the question before leaving listen for input events; React does not see one a script dispatches).
  const chooseSocialImage = (url: string) => {
    const input = socialInput.current;
    if (!input) return;
    input.value = url;
    setValues((v) => ({ ...v, socialImage: url }));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  };
  // The fields are uncontrolled (as the form's others are): the previews follow what is typed.
  const change = (name: keyof Values) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [name]: value }));
  };
  // The page's <title>: the search title as written, else the post's title with the site's name.
  const title = values.seoTitle.trim() || `${fallback.title || "Post title"} | ${SITE_NAME}`;
  const description = values.seoDescription.trim() || fallback.excerpt || "The excerpt shows here.";
  const image = values.socialImage.trim() || fallback.image;
  const crumbs = [siteHost, ...fallback.path.split("/").filter(Boolean)].join(" › ");
  const error = (name: keyof Values) =>
    errors[name]?.[0] && (
      <p id={`${name}-error`} className="mt-1 text-sm text-destructive">
        {errors[name]![0]}
      </p>
    );

  return (
    <fieldset>
      <legend className="text-base font-semibold">Search and sharing</legend>
      <div className="mt-1 grid grid-cols-1 gap-5">
        <p className="text-sm text-muted">
          Leave empty to use the title, the excerpt and the post's social card, drawn from its title, first
          tag and cover when it is published. A social image of your own must be a JPEG, PNG or WebP.
        </p>
        <div>
          <label htmlFor="seoTitle" className="block text-sm font-medium">
            Search title
          </label>
          <input
            id="seoTitle"
            name="seoTitle"
            type="text"
            maxLength={200}
            defaultValue={defaultValue.seoTitle}
            onChange={change("seoTitle")}
            placeholder={fallback.title}
            aria-describedby="seoTitle-count"
            aria-invalid={errors.seoTitle ? true : undefined}
            className={inputClass}
          />
          <Counter id="seoTitle-count" length={title.length} advice={SEARCH_TITLE_ADVICE} />
          {error("seoTitle")}
        </div>
        <div>
          <label htmlFor="seoDescription" className="block text-sm font-medium">
            Search description
          </label>
          <textarea
            id="seoDescription"
            name="seoDescription"
            rows={3}
            maxLength={500}
            defaultValue={defaultValue.seoDescription}
            onChange={change("seoDescription")}
            placeholder={fallback.excerpt}
            aria-describedby="seoDescription-count"
            aria-invalid={errors.seoDescription ? true : undefined}
            className={inputClass}
          />
          <Counter
            id="seoDescription-count"
            length={values.seoDescription.trim().length || fallback.excerpt.length}
            advice={SEARCH_DESCRIPTION_ADVICE}
          />
          {error("seoDescription")}
        </div>
        <div>
          <label htmlFor="socialImage" className="block text-sm font-medium">
            Social image URL
          </label>
          <input
            ref={socialInput}
            id="socialImage"
            name="socialImage"
            type="text"
            defaultValue={defaultValue.socialImage}
            onChange={change("socialImage")}
            // A draft's card is only a preview, at a staff-only address: not one to suggest.
            placeholder={
              fallback.image && !fallback.image.startsWith("/admin/") ? fallback.image : "/uploads/…"
            }
            aria-invalid={errors.socialImage ? true : undefined}
            className={inputClass}
          />
          {error("socialImage")}
          <div className="mt-2">
            <LibraryButton
              kind="image"
              label="Choose a social image from the library"
              pickMedia={pickMedia}
              onChoose={(picked) => chooseSocialImage(picked.url)}
            />
          </div>
        </div>

        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <figure className="rounded-xl border border-border bg-bg p-4">
            <figcaption className="mb-3 text-xs font-semibold tracking-widest text-muted uppercase">
              Search result
            </figcaption>
            <p className="truncate text-xs text-muted">{crumbs}</p>
            <p className="mt-1 text-lg leading-snug break-words text-primary">
              {shorten(title, SEARCH_TITLE_ADVICE + 3)}
            </p>
            <p className="mt-1 text-sm break-words text-muted">
              {shorten(description, SEARCH_DESCRIPTION_ADVICE + 3)}
            </p>
          </figure>
          <figure className="overflow-hidden rounded-xl border border-border bg-bg">
            <figcaption className="sr-only">Social card</figcaption>
            <div className="aspect-[1.91/1] bg-card">
              {image ? (
                <CardImage key={image} src={image} />
              ) : (
                <p className="flex size-full items-center justify-center text-sm text-muted">
                  The site's brand card
                </p>
              )}
            </div>
            <div className="border-t border-border p-3">
              <p className="text-xs text-muted uppercase">{siteHost}</p>
              <p className="mt-0.5 truncate font-semibold">{title}</p>
              <p className="truncate text-sm text-muted">{description}</p>
            </div>
          </figure>
        </div>
      </div>
    </fieldset>
  );
}

/** How often, and how many times, a card not drawn yet is looked for again (it settles after a save). */
const CARD_RETRY_MS = 1500;
const CARD_RETRIES = 20;

/**
 * The picture that will be shared. A card is drawn a moment after a save, so right after one its file
 * may not be there yet: it is looked for again, a bounded number of times, and said to be on its way.
 */
function CardImage({ src }: { src: string }) {
  const [attempt, setAttempt] = useState(0);
  const [shown, setShown] = useState(false);
  const [given, setGiven] = useState(false);
  const retry = useRef<ReturnType<typeof setTimeout>>(undefined);
  const img = useRef<HTMLImageElement>(null);
  const failed = () => {
    if (attempt >= CARD_RETRIES) return setGiven(true);
    retry.current = setTimeout(() => setAttempt((n) => n + 1), CARD_RETRY_MS);
  };
  // An image that loaded or failed before the page was hydrated fired its event unheard.
  useEffect(() => {
    const element = img.current;
    if (attempt === 0 && element?.complete) {
      if (element.naturalWidth > 0) setShown(true);
      else failed();
    }
    return () => clearTimeout(retry.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the server-rendered image
  }, []);
  const url = attempt === 0 ? src : `${src}${src.includes("?") ? "&" : "?"}try=${attempt}`;
  return (
    <div className="relative size-full">
      <img
        src={url}
        alt=""
        className={`size-full object-cover ${shown ? "" : "invisible"}`}
        ref={img}
        onLoad={() => setShown(true)}
        onError={failed}
      />
      {!shown && (
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center text-sm text-muted">
          {given
            ? "The card could not be loaded: it is drawn again at the next save."
            : "Drawing the social card…"}
        </p>
      )}
    </div>
  );
}
