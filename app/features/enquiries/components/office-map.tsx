import type { SiteFacts } from "~/platform/site/site-settings";

/** Whether the office is where the drawn map shows it: the seeded address on North Wall Quay. */
export const isOnNorthWallQuay = (street: string) => /north\s+wall\s+quay/i.test(street);

/** A plain link that opens the office in Google Maps (a person's own app on a phone). */
export function mapsHref(site: Pick<SiteFacts, "formattedAddress" | "name">): string {
  const query = `${site.name}, ${site.formattedAddress}`;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

const ROAD = "fill-none stroke-bg";
const LABEL = "fill-muted text-[13px] font-medium";

/**
 * The office on a map drawn here (no map tiles, nothing fetched): the Docklands around North Wall Quay
 * in the page's own colours, so it follows the light and dark themes. Shown only while the office is
 * on North Wall Quay; another address keeps the link to a maps service.
 */
export function OfficeMap({ site }: { site: SiteFacts }) {
  const onTheQuay = isOnNorthWallQuay(site.street);
  return (
    <figure className="overflow-hidden rounded-2xl border border-border bg-card">
      {onTheQuay && (
        <svg
          viewBox="0 0 480 300"
          width="480"
          height="300"
          role="img"
          aria-label={`Map: our office at ${site.street}, on the north bank of the River Liffey between the Samuel Beckett Bridge and the East Link, a short walk from the Spencer Dock Luas stop.`}
          className="block h-auto w-full"
        >
          {/* City blocks */}
          <g className="fill-border">
            {[
              [8, 8, 150, 84],
              [186, 8, 130, 84],
              [342, 8, 130, 80],
              [8, 118, 138, 24],
              [192, 114, 124, 34],
              [342, 110, 130, 32],
              [8, 268, 100, 32],
              [134, 268, 44, 32],
              [200, 250, 150, 50],
            ].map(([x, y, w, h]) => (
              <rect key={`${x}-${y}`} x={x} y={y} width={w} height={h} rx="6" />
            ))}
          </g>
          {/* The Liffey, Spencer Dock and Grand Canal Dock */}
          <g className="fill-secondary/25">
            <path d="M0 176 C120 170 260 184 480 164 L480 210 C260 230 120 216 0 222 Z" />
            <rect x="152" y="112" width="16" height="64" />
            <rect x="372" y="236" width="108" height="64" rx="4" />
          </g>
          {/* Streets, quays and bridges */}
          <g className={ROAD} strokeLinecap="round">
            <path d="M-10 166 C120 160 260 174 490 154" strokeWidth="11" />
            <path d="M-10 232 C120 226 260 240 490 220" strokeWidth="11" />
            <path d="M-10 106 L490 100" strokeWidth="9" />
            <path d="M178 -10 L180 160" strokeWidth="9" />
            <path d="M330 -10 L332 150" strokeWidth="9" />
            <path d="M122 232 L118 310" strokeWidth="8" />
            <path d="M186 236 L190 310" strokeWidth="8" />
            <path d="M360 228 L364 240" strokeWidth="8" />
            {/* Samuel Beckett Bridge, East Link */}
            <path d="M180 168 L186 234" strokeWidth="9" />
            <path d="M440 156 L446 222" strokeWidth="9" />
          </g>
          {/* The Luas red line along Mayor Street, and its Spencer Dock stop */}
          <path
            d="M-10 106 L490 100"
            className="fill-none stroke-accent"
            strokeWidth="2.5"
            strokeDasharray="10 6"
          />
          <circle cx="214" cy="104" r="6" className="fill-card stroke-accent" strokeWidth="3" />
          <g aria-hidden="true">
            <text
              x="20"
              y="202"
              className="fill-secondary text-[13px] font-semibold tracking-[0.3em] uppercase"
            >
              River Liffey
            </text>
            <text x="16" y="156" className={LABEL}>
              North Wall Quay
            </text>
            <text x="16" y="257" className={LABEL}>
              Sir John Rogerson’s Quay
            </text>
            <text x="226" y="94" className={LABEL}>
              Luas · Spencer Dock
            </text>
            <text x="200" y="200" className="fill-muted text-[11px]">
              Samuel Beckett Bridge
            </text>
            <text x="384" y="288" className="fill-muted text-[11px]">
              Grand Canal Dock
            </text>
            {/* North */}
            <g transform="translate(452 30)" className="fill-muted">
              <path d="M0 -14 L6 4 L0 0 L-6 4 Z" />
              <text y="18" textAnchor="middle" className="text-[11px] font-semibold">
                N
              </text>
            </g>
          </g>
          {/* The office */}
          <g transform="translate(262 158)">
            <ellipse cx="0" cy="0" rx="10" ry="4" className="fill-fg/20" />
            <path
              d="M0 0 C-12 -14 -18 -22 -18 -31 A18 18 0 1 1 18 -31 C18 -22 12 -14 0 0 Z"
              className="fill-primary stroke-card"
              strokeWidth="2.5"
            />
            <circle cx="0" cy="-31" r="6.5" className="fill-primary-fg" />
          </g>
          <g aria-hidden="true">
            <rect x="286" y="118" width="104" height="30" rx="15" className="fill-card stroke-border" />
            <text x="338" y="138" textAnchor="middle" className="fill-fg text-[13px] font-semibold">
              Our office
            </text>
          </g>
        </svg>
      )}
      <figcaption className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-5 text-sm sm:px-8 sm:py-6">
        <span>
          <span className="block font-semibold">Visit us</span>
          <span className="text-muted">{site.formattedAddress}</span>
        </span>
        <a
          href={mapsHref(site)}
          rel="noopener"
          className="inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline"
        >
          Open in Google Maps
          <span className="sr-only"> (opens Google Maps)</span>
        </a>
      </figcaption>
    </figure>
  );
}
