import type { ClientLogo } from "#db/schema";
import { parseUploadedImage } from "~/platform/images";

/** "Trusted by": the clients' logos (or their names set as a wordmark), each linking to their site if given. */
export function ClientStrip({ clients }: { clients: Pick<ClientLogo, "id" | "name" | "logo" | "url">[] }) {
  if (!clients.length) return null;
  return (
    <section aria-labelledby="clients-heading" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
      <h2
        id="clients-heading"
        className="text-center text-sm font-semibold tracking-widest text-muted uppercase"
      >
        Trusted by businesses like
      </h2>
      <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-10 gap-y-6">
        {clients.map((client) => {
          const uploaded = parseUploadedImage(client.logo);
          const mark = client.logo ? (
            <img
              src={uploaded ? `${uploaded.dir}/${uploaded.widths[0]}.webp` : client.logo}
              alt={client.name}
              height={40}
              width={uploaded ? Math.round((40 * uploaded.width) / uploaded.height) : 120}
              loading="lazy"
              decoding="async"
              className="h-10 w-auto opacity-80 grayscale transition hover:opacity-100 hover:grayscale-0"
            />
          ) : (
            <span className="text-base font-semibold tracking-tight text-muted sm:text-lg">
              {client.name}
            </span>
          );
          return (
            <li key={client.id}>
              {client.url ? (
                <a href={client.url} rel="noopener" className="block hover:text-fg">
                  {mark}
                </a>
              ) : (
                mark
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
