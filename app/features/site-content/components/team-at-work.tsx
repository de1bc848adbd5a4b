import type { CSSProperties } from "react";
import { useRouteLoaderData } from "react-router";

import type { TeamMember } from "#db/schema";
import { useWords } from "~/platform/i18n/use-words";
import { parseUploadedImage, srcSet, type UploadedImage } from "~/platform/images";

/** The root's data this reads: the focal points the owner set in the media library, by address. */
type RootFocal = { focal?: Record<string, string> };

type Candid = Pick<TeamMember, "id" | "name" | "role" | "candidPhoto"> & { candidPhotoAlt: string };

/** One candid photo is a person, not a team: the strip waits for a second. */
const FEWEST = 2;
/** A row holds three pictures at most, so each stays big enough to read a face. */
const PER_ROW = 3;
/** Shapes past these (a tall phone shot, a panorama) are cropped around the focal point to fit. */
const NARROWEST = 4 / 5;
const WIDEST = 2;

const SIZES = "(min-width: 1024px) 640px, (min-width: 640px) 60vw, 400px";

/** The people with a candid photo of a known size (uploads name theirs), in the team's order. */
export function candidPhotosOf<P extends Candid>(team: P[]) {
  return team.flatMap((person) => {
    const image = parseUploadedImage(person.candidPhoto);
    return person.candidPhoto && image ? [{ person, src: person.candidPhoto, image }] : [];
  });
}

/** Rows of at most three, as even as they come: seven are 3 + 2 + 2, never a picture alone. */
function rowsOf<T>(items: T[]): T[][] {
  const count = Math.ceil(items.length / PER_ROW);
  const rows: T[][] = [];
  let start = 0;
  for (let row = 0; row < count; row++) {
    const size = Math.ceil((items.length - start) / (count - row));
    rows.push(items.slice(start, start + size));
    start += size;
  }
  return rows;
}

/**
 * "The team at work": the candid photos side by side, each whole at its own shape and the row one
 * height (each picture grows in proportion to its width over its height), so nothing is cut off.
 * On a phone one row scrolls sideways at a fixed height. Nothing at all with fewer than two photos.
 * Set under the people's cards, in their section.
 */
export function TeamAtWork({ team }: { team: Candid[] }) {
  const root = useRouteLoaderData("root") as RootFocal | undefined;
  const { t } = useWords();
  const photos = candidPhotosOf(team);
  if (photos.length < FEWEST) return null;
  return (
    <div className="mt-14">
      <h3 className="text-sm font-semibold tracking-widest text-muted uppercase">{t("about.teamAtWork")}</h3>
      <div
        role="region"
        aria-label={t("about.candidPhotos")}
        tabIndex={0}
        className="-mx-4 mt-4 flex gap-3 overflow-x-auto px-4 pb-3 focus-visible:outline-2 focus-visible:outline-primary max-sm:snap-x max-sm:snap-mandatory max-sm:scroll-px-4 sm:mx-0 sm:grid sm:gap-4 sm:overflow-visible sm:px-0 sm:pb-0"
      >
        {rowsOf(photos).map((row, index) => (
          <div key={index} className="contents sm:flex sm:gap-4">
            {row.map(({ person, src, image }) => (
              <CandidFigure
                key={person.id}
                person={person}
                src={src}
                image={image}
                focal={root?.focal?.[src]}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

function CandidFigure({
  person,
  src,
  image,
  focal,
}: {
  person: Candid;
  src: string;
  image: UploadedImage;
  focal: string | undefined;
}) {
  const ratio = Math.min(WIDEST, Math.max(NARROWEST, image.width / image.height));
  const height = Math.round(1200 / ratio);
  return (
    <figure
      style={{ "--ratio": ratio } as CSSProperties}
      className="w-min shrink-0 snap-start sm:w-auto sm:min-w-0 sm:[flex:var(--ratio)_1_0%] sm:shrink"
    >
      <picture className="block overflow-hidden rounded-2xl border border-border bg-card">
        <source type="image/avif" srcSet={srcSet(image, "avif")} sizes={SIZES} />
        <source type="image/webp" srcSet={srcSet(image, "webp")} sizes={SIZES} />
        <img
          src={src}
          srcSet={srcSet(image, image.fallback)}
          sizes={SIZES}
          alt={person.candidPhotoAlt}
          width={1200}
          height={height}
          loading="lazy"
          decoding="async"
          style={{ aspectRatio: ratio, objectPosition: focal ?? "50% 40%" }}
          className="block h-56 w-auto max-w-none object-cover sm:h-auto sm:w-full sm:max-w-full"
        />
      </picture>
      <figcaption className="mt-2 text-sm">
        <span className="font-semibold">{person.name}</span>
        <span className="text-muted"> · {person.role}</span>
      </figcaption>
    </figure>
  );
}
