import { useRouteLoaderData } from "react-router";

import type { TeamMember } from "#db/schema";
import { parseUploadedImage, srcSet } from "~/platform/images";

import { Avatar, Portrait } from "./avatar";

/** The root's data this reads: the focal points the owner set in the media library, by address. */
type RootFocal = { focal?: Record<string, string> };

const PORTRAIT_SIZES = "(min-width: 1024px) 384px, (min-width: 640px) 50vw, 82vw";

/**
 * Every person in one portrait frame (4:5), whatever shape their photo was: cropped around the
 * focal point set in the media library (else the upper third, where a face usually is). Without a
 * photo, their drawn likeness on a quiet ground, in the same frame, so a real portrait drops in later
 * without the page changing shape.
 */
function PortraitSlot({ name, photo, alt }: { name: string; photo: string | null; alt: string }) {
  const root = useRouteLoaderData("root") as RootFocal | undefined;
  const image = parseUploadedImage(photo);
  if (!photo) {
    return (
      <div className="aspect-[4/5] overflow-hidden">
        <Portrait name={name} size={400} framed className="h-full w-full" />
      </div>
    );
  }
  return (
    <picture className="block">
      {image && <source type="image/avif" srcSet={srcSet(image, "avif")} sizes={PORTRAIT_SIZES} />}
      {image && <source type="image/webp" srcSet={srcSet(image, "webp")} sizes={PORTRAIT_SIZES} />}
      <img
        src={photo}
        srcSet={image ? srcSet(image, image.fallback) : undefined}
        sizes={image ? PORTRAIT_SIZES : undefined}
        alt={alt}
        width={400}
        height={500}
        loading="lazy"
        decoding="async"
        style={{ objectPosition: root?.focal?.[photo] ?? "50% 30%" }}
        className="aspect-[4/5] w-full bg-bg object-cover"
      />
    </picture>
  );
}

/**
 * The person as the about page shows them ("The People You Will Work With"). `framed`: portrait
 * first, in the tall frame; the page frames everyone once everyone has a photo. Until then each card
 * opens on a round likeness beside the name, so a team of drawn placeholders is not a page of tall
 * faceless figures (and is a screen shorter), and one real photo among them does not stand out.
 */
export function PersonCard({
  person,
  framed,
}: {
  /** photoAlt: the photo's description in the media library (none: the name beside it says who). */
  person: Pick<TeamMember, "name" | "role" | "bio" | "photo" | "highlights"> & { photoAlt?: string };
  framed: boolean;
}) {
  const heading = (
    <>
      <h3 className="text-xl font-semibold">{person.name}</h3>
      <p className="text-sm font-medium text-secondary">{person.role}</p>
    </>
  );
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card">
      {framed && <PortraitSlot name={person.name} photo={person.photo} alt={person.photoAlt ?? ""} />}
      <div className="flex flex-1 flex-col p-6">
        {framed ? (
          heading
        ) : (
          <div className="flex items-center gap-4">
            <Avatar name={person.name} src={person.photo} size={64} alt={person.photoAlt ?? ""} />
            <div className="min-w-0">{heading}</div>
          </div>
        )}
        {person.bio && <p className="mt-3 text-sm text-muted">{person.bio}</p>}
        {person.highlights.length > 0 && (
          <ul className="mt-4 grid gap-1 text-sm">
            {person.highlights.map((highlight, index) => (
              <li key={index} className="flex gap-2">
                <span aria-hidden="true" className="text-secondary">
                  ✓
                </span>
                {highlight}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** The team they lead, as the about page shows it ("Our Teams"). */
export function TeamCard({ person }: { person: Pick<TeamMember, "name" | "role" | "team" | "teamSummary"> }) {
  return (
    <div className="h-full rounded-2xl border border-border bg-card p-6">
      <h3 className="text-lg font-semibold">{person.team}</h3>
      <p className="mt-1 text-sm">
        <span className="font-medium text-secondary">{person.name}</span>
        <span className="text-muted">, {person.role}</span>
      </p>
      {person.teamSummary && <p className="mt-3 text-sm text-muted">{person.teamSummary}</p>}
    </div>
  );
}
