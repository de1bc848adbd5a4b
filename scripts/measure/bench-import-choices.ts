// npm run bench:choices: the check of the owner's choices when "Import now" is pressed, at the cap an
// export brings: 10,000 tag choices (every other tag merged into its neighbour) and 200 old addresses,
// sent by the preview's form (read from its url-encoded body, as the action reads it) and by the API
// (JSON). Printed: each step's median and slowest time over the rounds, and the longest event-loop
// delay seen meanwhile (what any other request would have waited).
import { monitorEventLoopDelay } from "node:perf_hooks";

import { type ImportChoices, sentByApi, sentByForm, withChoices } from "~/features/imports/index.server";

const TAGS = 10_000;
const ADDRESSES = 200;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);

const offered: ImportChoices = {
  tags: Array.from({ length: TAGS }, (_, i) => ({ name: `Tag ${i}`, uses: TAGS - i, to: `Tag ${i}` })),
  addresses: Array.from({ length: ADDRESSES }, (_, i) => ({
    from: `/old-page-${i}`,
    title: `Old page ${i}`,
    closest: "/",
    to: "/",
  })),
};
const body = new URLSearchParams();
for (const [i, tag] of offered.tags!.entries()) {
  body.append("tagFrom", tag.name);
  body.append("tagTo", i % 2 ? `tag ${i - 1}` : "");
}
for (const address of offered.addresses!) {
  body.append("addressFrom", address.from);
  body.append("addressTo", "/contact");
}
const encoded = new TextEncoder().encode(body.toString());
const api = {
  tags: JSON.stringify(
    Object.fromEntries(offered.tags!.map((tag, i) => [tag.name, i % 2 ? `tag ${i - 1}` : ""])),
  ),
  redirects: JSON.stringify(Object.fromEntries(offered.addresses!.map((a) => [a.from, "/contact"]))),
};

const times = new Map<string, number[]>();
const timed = async <T>(label: string, step: () => T | Promise<T>): Promise<T> => {
  const started = performance.now();
  const result = await step();
  times.set(label, [...(times.get(label) ?? []), performance.now() - started]);
  // Back to the event loop between steps, as a request's awaits would.
  await new Promise((resolve) => setImmediate(resolve));
  return result;
};

const delay = monitorEventLoopDelay({ resolution: 1 });
delay.enable();
for (let round = 0; round < ROUNDS; round++) {
  const form = await timed("form body read", () =>
    new Response(encoded, { headers: { "Content-Type": "application/x-www-form-urlencoded" } }).formData(),
  );
  const sent = await timed("form choices read (sentByForm)", () => sentByForm(form));
  const chosen = await timed("form choices checked (withChoices)", () => withChoices(offered, sent));
  if (chosen.tags!.filter((tag) => tag.to !== tag.name).length !== TAGS / 2) throw new Error("Wrong merges");
  const fromApi = await timed("API choices read (sentByApi)", () => sentByApi(api));
  await timed("API choices checked (withChoices)", () => withChoices(offered, fromApi));
}
delay.disable();

const ms = (value: number) => `${value.toFixed(1)} ms`;
console.log(
  `${TAGS.toLocaleString("en-IE")} tag choices and ${ADDRESSES} address choices, ${ROUNDS} rounds:`,
);
for (const [label, values] of times) {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(38)} median ${ms(sorted[Math.floor(sorted.length / 2)]!)}, slowest ${ms(sorted.at(-1)!)}`,
  );
}
console.log(`  longest event-loop delay: ${ms(delay.max / 1e6)} (median ${ms(delay.percentile(50) / 1e6)})`);
