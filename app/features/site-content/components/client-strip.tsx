import type { ClientLogo } from "#db/schema";
import { parseUploadedImage } from "~/platform/images";
import { stableHash } from "~/platform/text/stable-hash";

type Client = Pick<ClientLogo, "id" | "name" | "logo" | "url">;

/**
 * "Trusted by": a wall of equal tiles, one per client, each linking to their site if given. An
 * uploaded logo is shown in one ink (grey until pointed at); without one the name is set as a
 * wordmark of its own, so the wall reads as logos rather than a line of text. The heading is the
 * page's own words (its copy's `clients.heading`).
 */
export function ClientStrip({ heading, clients }: { heading: string; clients: Client[] }) {
  if (!clients.length) return null;
  return (
    <section aria-labelledby="clients-heading" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
      <h2
        id="clients-heading"
        className="text-center text-sm font-semibold tracking-widest text-muted uppercase"
      >
        {heading}
      </h2>
      {/* Hairlines between the tiles, as a wall: the gap shows the border colour behind. */}
      <ul className="mt-8 grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-border bg-border sm:grid-cols-4">
        {clients.map((client) => {
          const mark = <ClientMark client={client} />;
          return (
            <li key={client.id} className="flex bg-bg">
              {client.url ? (
                <a
                  href={client.url}
                  rel="noopener"
                  className="flex w-full items-center justify-center px-3 py-7 text-muted transition-colors hover:text-fg sm:px-4"
                >
                  {mark}
                </a>
              ) : (
                <span className="flex w-full items-center justify-center px-3 py-7 text-muted sm:px-4">
                  {mark}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Ways to set a name as a wordmark: weight, case, tracking and face, as different firms' logos are. */
const WORDMARKS = [
  "font-display text-[0.95rem] font-extrabold tracking-tight sm:text-lg",
  "text-xs font-semibold tracking-[0.2em] uppercase sm:text-sm sm:tracking-[0.25em]",
  "text-[0.95rem] font-medium tracking-tight italic sm:text-lg",
  "font-display text-sm font-bold tracking-wide uppercase sm:text-base",
  "text-[0.95rem] font-light tracking-tight sm:text-lg",
];

/** The shapes a monogram sits in. */
const BADGES = ["rounded-full", "rounded-md", "rounded-none rotate-45 [&>span]:-rotate-45"];

function ClientMark({ client }: { client: Client }) {
  const uploaded = parseUploadedImage(client.logo);
  if (client.logo)
    return (
      <img
        src={uploaded ? `${uploaded.dir}/${uploaded.widths[0]}.webp` : client.logo}
        alt={client.name}
        height={40}
        width={uploaded ? Math.round((40 * uploaded.width) / uploaded.height) : 120}
        loading="lazy"
        decoding="async"
        className="h-10 w-auto max-w-full object-contain opacity-80 grayscale transition hover:opacity-100 hover:grayscale-0"
      />
    );
  const hash = stableHash(client.name);
  const words = client.name.split(/\s+/);
  // Firms' names end in what they are ("Clinic", "Group"): the wordmark sets the first words large.
  const lead = words.length > 2 ? words.slice(0, 2).join(" ") : words[0]!;
  const rest = words.slice(lead.split(" ").length).join(" ");
  return (
    <span className="flex items-center gap-2.5 text-center">
      <span
        aria-hidden="true"
        className={`flex size-6 shrink-0 items-center justify-center border-2 border-current text-[0.65rem] font-black sm:size-7 sm:text-xs ${BADGES[hash % BADGES.length]}`}
      >
        <span>{client.name[0]}</span>
      </span>
      <span className="flex flex-col items-start leading-none">
        <span className={`whitespace-nowrap ${WORDMARKS[(hash >> 3) % WORDMARKS.length]}`}>{lead}</span>
        {/* The space is read out between the two lines; the flex layout does not draw it. */}
        {rest && " "}
        {rest && (
          <span className="mt-1 text-[0.6rem] tracking-[0.18em] whitespace-nowrap uppercase sm:text-[0.65rem]">
            {rest}
          </span>
        )}
      </span>
    </span>
  );
}
