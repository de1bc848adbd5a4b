import { Form } from "react-router";

import { AI_CRAWLERS } from "~/platform/site/ai-crawlers";
import { SubmitButton } from "~/ui/forms/submit-button";

/** The form's section name: the settings action reads the ticked crawlers from it. */
export const AI_CRAWLERS_SECTION = "crawlers";

/**
 * Site settings → AI crawlers: each named crawler ticked is allowed by robots.txt, each unticked refused
 * the whole site. Every one is ticked until the owner says otherwise.
 */
export function AiCrawlersSection({ refused, saved }: { refused: readonly string[]; saved: boolean }) {
  return (
    <Form
      method="post"
      aria-labelledby="group-crawlers"
      className="grid gap-4 rounded-2xl border border-border bg-card p-5 md:grid-cols-[14rem_minmax(0,1fr)]"
    >
      <input type="hidden" name="section" value={AI_CRAWLERS_SECTION} />
      <div>
        <h2 id="group-crawlers" className="font-semibold">
          AI crawlers
        </h2>
        <p className="mt-1 text-sm text-muted">
          Which AI companies&apos; crawlers may read the site, as robots.txt tells them. Untick one to refuse
          it. Search engines are not affected.
        </p>
      </div>
      <div className="grid gap-4">
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">Allowed AI crawlers</legend>
          {AI_CRAWLERS.map((crawler) => (
            <label key={crawler.name} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="allowed"
                value={crawler.name}
                defaultChecked={!refused.includes(crawler.name)}
                className="mt-1 size-4 accent-primary"
              />
              <span>
                <span className="font-medium">{crawler.name}</span>{" "}
                <span className="text-muted">
                  ({crawler.owner}: {crawler.use})
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap items-center justify-end gap-3">
          {saved && (
            <p role="status" className="no-js-only text-sm text-secondary">
              Saved: robots.txt says so now.
            </p>
          )}
          <SubmitButton label="Save AI crawlers" compact />
        </div>
      </div>
    </Form>
  );
}
