// npm run bench:admin-pages: the admin's Pages screens held at their cap against the production build,
// one write after another for BENCH_SECONDS each. Staff writes have no count of their own (they are
// signed in, and CSRF-checked), so a write's cap is its body's and how fast the server answers:
// BENCH_CLIENTS signed-in browsers without JavaScript send it back to back while BENCH_VISITORS ask for
// the home page and the privacy policy. The phases:
//   form save       the page form's Save draft with the fullest legal page (its bodies just under
//                   LEGAL_PAGE_MAX) and a service page
//   form publish    Preview and Publish of those forms, in turn (Publish is a save, then the publish)
//   list buttons    Add, ↑, ↓ and Remove on a service page's lists (the form drawn again each time)
//   services        Move up/down, Hide/Show, Change address and Add on the services screen
//   revisions       Restore (the screen's form and the API), the revisions screen and the API's list,
//                   and Publish of the same page meanwhile
//   previews        /admin/pages/preview/{key} and the page's own address with ?preview
//   autosave        the autosave's PUT with a full legal form's fields, and the form opened ?restore
//   hostile form    (BENCH_HOSTILE=0 leaves it out) a 58 kB form naming 1,999 cards past a section's
//                   most: what a signed-in editor can make the server do with one form
// Printed per phase: each answer's count, rate, p50 and p99 and statuses, /healthz's meanwhile, the
// longest event-loop delay the server reported and its memory at the start, peak and end.
import { LEGAL_PAGE_MAX } from "~/features/pages/index";

import { adminSessionCookie, startServer } from "../lib/start-server";
import { printFigures, sustain, watchServer } from "../lib/sustained-load";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 2);
const HOSTILE = process.env.BENCH_HOSTILE !== "0";
const WARM_UP_SECONDS = 5;

type Loose = Record<string, unknown>;

/** A copy as its form sends it: one field a value, named by its path (a checkbox only when on). */
function asForm(value: unknown, path = ""): [string, string][] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => asForm(item, path ? `${path}.${index}` : String(index)));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => asForm(item, path ? `${path}.${key}` : key));
  if (typeof value === "boolean") return value ? [[path, "on"]] : [];
  return [[path, String(value)]];
}
const encoded = (fields: [string, string][]) => new URLSearchParams(fields).toString();

const server = await startServer({}, { atRest: true });
try {
  // One after another: sign-in's password checks are limited, by design.
  const cookies: string[] = [];
  for (let client = 0; client < CLIENTS; client++) cookies.push(await adminSessionCookie(server.baseURL));
  const send = async (client: number, path: string, init: RequestInit = {}) => {
    const answer = await fetch(`${server.baseURL}${path}`, {
      redirect: "manual",
      ...init,
      headers: { Cookie: cookies[client]!, Origin: server.baseURL, ...(init.headers as object) },
    });
    await answer.arrayBuffer();
    return answer.status;
  };
  const postForm = (client: number, path: string, body: string) =>
    send(client, path, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
  const published = async (key: string) =>
    ((await (await fetch(`${server.baseURL}/api/pages/${key}`)).json()) as { published: Loose }).published;

  // The fullest legal page: thirty sections of paragraphs, lists, links and emphasis just under what a
  // legal page holds (the sanitiser's worst case), and a service page as it is.
  const paragraph =
    '<p>We keep <strong>your data</strong> for as long as <a href="/contact">you ask</a>, and <em>no longer</em>.</p><ul><li>Enquiries</li><li>Newsletter</li></ul>';
  const body = paragraph.repeat(Math.floor(LEGAL_PAGE_MAX / 30 / paragraph.length));
  const privacy = await published("legal/privacy");
  const fullLegal = (turn: number) =>
    asForm({
      ...privacy,
      sections: Array.from({ length: 30 }, (_, index) => ({ heading: `Part ${index + 1} (${turn})`, body })),
    });
  const seo = await published("services/seo");
  const service = (turn: number) =>
    asForm({ ...seo, summary: `${String(seo.summary).slice(0, 150)} (${turn})` });
  /** Even clients edit the privacy policy, odd ones the SEO page. */
  const pageOf = (client: number) => (client % 2 ? "services/seo" : "legal/privacy");
  const formOf = (client: number, turn: number) => (client % 2 ? service(turn) : fullLegal(turn));
  console.log(
    `A full legal form is ${Math.round(encoded(fullLegal(0)).length / 1024)} kB, the SEO page's ${Math.round(encoded(service(0)).length / 1024)} kB.`,
  );

  const visitor = async (client: number) => {
    const path = ["/", "/privacy"][client % 2]!;
    const answer = await fetch(`${server.baseURL}${path}`);
    await answer.arrayBuffer();
    return { label: `visitor GET ${path}`, status: answer.status };
  };

  type Ask = (client: number, turn: number) => Promise<{ label: string; status: number }>;
  const phases: [string, Ask][] = [];

  phases.push([
    "form save",
    async (client, turn) => ({
      label: `POST Save draft (${pageOf(client)})`,
      status: await postForm(
        client,
        `/admin/pages/edit/${pageOf(client)}`,
        encoded([...formOf(client, turn), ["intent", "save"]]),
      ),
    }),
  ]);

  phases.push([
    "form preview and publish",
    async (client, turn) => {
      const intent = turn % 2 ? "publish" : "preview";
      return {
        label: `POST ${intent === "publish" ? "Publish" : "Preview"} (${pageOf(client)})`,
        status: await postForm(
          client,
          `/admin/pages/edit/${pageOf(client)}`,
          encoded([...formOf(client, turn), ["intent", intent]]),
        ),
      };
    },
  ]);

  const listIntents = ["add:sections.0.cards", "down:sections.0", "remove:benefits.items.0", "up:sections.1"];
  phases.push([
    "list buttons",
    async (client, turn) => {
      const intent = listIntents[turn % listIntents.length]!;
      return {
        label: `POST ${intent.split(":")[0]} (a service's list)`,
        status: await postForm(
          client,
          "/admin/pages/edit/services/seo",
          encoded([...service(turn), ["intent", intent]]),
        ),
      };
    },
  ]);

  // Each client arranges a service of its own, added for the bench (hidden, as added services are).
  for (let client = 0; client < CLIENTS; client++)
    await postForm(
      0,
      "/admin/pages/services",
      encoded([
        ["intent", "add"],
        ["title", `Bench ${client}`],
        ["slug", `bench-${client}-a`],
        ["from", "seo"],
      ]),
    );
  const addresses = Array.from({ length: CLIENTS }, (_, client) => `bench-${client}-a`);
  let added = 0;
  phases.push([
    "services",
    async (client, turn) => {
      const slug = addresses[client]!;
      const step = turn % 6;
      if (step === 4) {
        const next = slug.endsWith("-a") ? slug.replace(/-a$/, "-b") : slug.replace(/-b$/, "-a");
        const status = await postForm(
          client,
          "/admin/pages/services",
          encoded([
            ["intent", "readdress"],
            ["service", slug],
            ["slug", next],
          ]),
        );
        if (status === 200) addresses[client] = next;
        return { label: "POST Change address", status };
      }
      if (step === 5) {
        const number = added++;
        return {
          label: "POST Add a service",
          status: await postForm(
            client,
            "/admin/pages/services",
            encoded([
              ["intent", "add"],
              ["title", `Added ${number}`],
              ["slug", `added-${number}`],
              ["from", "seo"],
            ]),
          ),
        };
      }
      const intent = ["up", "down", "show", "hide"][step]!;
      return {
        label: `POST ${intent === "up" || intent === "down" ? "Move" : "Hide/Show"}`,
        status: await postForm(
          client,
          "/admin/pages/services",
          encoded([
            ["intent", intent],
            ["service", slug],
          ]),
        ),
      };
    },
  ]);

  // About's earlier versions: published a few times first.
  const about = (await published("about")) as { mission: Loose };
  for (let turn = 0; turn < 3; turn++)
    await postForm(
      0,
      "/admin/pages/edit/about",
      encoded([
        ...asForm({ ...about, mission: { ...about.mission, heading: `Our mission, take ${turn + 1}` } }),
        ["intent", "publish"],
      ]),
    );
  const revisions = (
    (await (
      await fetch(`${server.baseURL}/api/pages/about/revisions`, { headers: { Cookie: cookies[0]! } })
    ).json()) as {
      revisions: { id: string }[];
    }
  ).revisions.map((revision) => revision.id);
  const newest = Array.from({ length: CLIENTS }, () => revisions[0]!);
  phases.push([
    "revisions",
    async (client, turn) => {
      // The newest version each client has seen: a page keeps its newest 50, so older ids go.
      const id = newest[client]!;
      switch (turn % 5) {
        case 0:
          return {
            label: "POST Restore (the screen)",
            status: await postForm(client, "/admin/pages/revisions/about", encoded([["revisionId", id]])),
          };
        case 1:
          return {
            label: "POST /api/pages/about/revisions/{id}/restore",
            status: await send(client, `/api/pages/about/revisions/${id}/restore`, { method: "POST" }),
          };
        case 2: {
          const answer = await fetch(`${server.baseURL}/api/pages/about/revisions`, {
            headers: { Cookie: cookies[client]! },
          });
          const listed = (await answer.json()) as { revisions: { id: string }[] };
          newest[client] = listed.revisions[0]?.id ?? id;
          return { label: "GET /api/pages/about/revisions", status: answer.status };
        }
        case 3:
          return {
            label: "GET the revisions screen",
            status: await send(client, `/admin/pages/revisions/about?revision=${id}`),
          };
        default:
          return {
            label: "POST Publish (the restored draft)",
            status: await send(client, "/api/pages/about/publish", { method: "POST" }),
          };
      }
    },
  ]);

  const previewed = ["home", "services/seo", "legal/privacy", "contact"];
  phases.push([
    "previews",
    async (client, turn) => {
      const key = previewed[turn % previewed.length]!;
      if (turn % 2)
        return {
          label: "GET /admin/pages/preview/{key}",
          status: await send(client, `/admin/pages/preview/${key}`),
        };
      const path = {
        home: "/",
        "services/seo": "/services/seo",
        "legal/privacy": "/privacy",
        contact: "/contact",
      }[key]!;
      return { label: "GET {page}?preview", status: await send(client, `${path}?preview`) };
    },
  ]);

  phases.push([
    "autosave",
    async (client, turn) => {
      const key = pageOf(client);
      if (turn % 2)
        return {
          label: "GET the form ?restore",
          status: await send(client, `/admin/pages/edit/${key}?restore`),
        };
      return {
        label: "PUT /api/pages/autosave (a full form)",
        status: await send(client, "/api/pages/autosave", {
          method: "PUT",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ pageKey: key, values: Object.fromEntries(formOf(client, turn)) }),
        }),
      };
    },
  ]);

  if (HOSTILE) {
    const cards = encoded([
      ...Array.from({ length: 1999 }, (_, i): [string, string] => [
        `sections.${Math.floor(i / 1000)}.cards.${i % 1000}.title`,
        "x",
      ]),
      ["intent", "save"],
    ]);
    phases.push([
      "hostile form",
      async (client) => ({
        label: "POST 1,999 cards past the most (58 kB)",
        status: await postForm(client, "/admin/pages/edit/services/seo", cards),
      }),
    ]);
  }

  for (const [name, ask] of phases) {
    const load: Ask = (client, turn) => (client < CLIENTS ? ask(client, turn) : visitor(client - CLIENTS));
    console.log(
      `\n${name}: ${CLIENTS} signed-in clients back to back, ${VISITORS} visitors, for ${SECONDS} s:`,
    );
    await sustain(WARM_UP_SECONDS, CLIENTS + VISITORS, load);
    const watch = watchServer(server.baseURL, server.pid);
    const rows = await sustain(SECONDS, CLIENTS + VISITORS, load);
    printFigures(rows, await watch.stop());
  }
  console.log(`\nServices added during the run: ${added}.`);
} finally {
  await server.stop();
}
