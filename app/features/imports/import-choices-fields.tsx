import { inputClass } from "~/ui/forms/field";

import { ADDRESS_TARGETS, type AddressChoice, type ListedChoices, TAGS_LISTED } from "./import-choices";

/** Groups longer than this start folded, so 200 old addresses are a few lines until opened. */
const OPEN_UP_TO = 12;

/**
 * The preview's choices, inside its "Import now" form (a plain form: it works without JavaScript):
 * where each old address without a page like it here goes, and what each tag becomes.
 */
export function ImportChoicesFields({ choices }: { choices: ListedChoices }) {
  const { pages, lists, tags, tagCount } = choices;
  return (
    <>
      {pages.listed.length + lists.listed.length > 0 && (
        <fieldset className="grid min-w-0 gap-3">
          <legend className="font-semibold">Where old addresses without a page like them here go</legend>
          <p className="text-sm text-muted">
            Each goes to the closest page unless you choose another, or none (visitors then see “not found”).
            You can change any of them later under Redirects.
          </p>
          <AddressGroup title="Old pages" group={pages} />
          <AddressGroup title="Categories, tags and authors" group={lists} />
          {pages.more + lists.more > 0 && (
            <label className="grid gap-1 text-sm font-medium">
              The other {pages.more + lists.more} old addresses go to their closest page (a tag's list to the
              blog, an author's to About) unless you name them here: one a line, “/old-address → /new-path”,
              or “→ none” for no redirect
              <textarea
                name="moreAddresses"
                rows={3}
                placeholder={"/old-prices → /contact\n/tag/old-news → none"}
                className={inputClass}
              />
            </label>
          )}
        </fieldset>
      )}
      {tagCount > 0 && (
        <details className="min-w-0 rounded-xl border border-border p-4" open={tagCount <= OPEN_UP_TO}>
          <summary className="cursor-pointer font-semibold">Tags ({tagCount}): keep, rename or merge</summary>
          <p className="mt-2 text-sm text-muted">
            Leave a name empty to keep the tag. Type a new name to rename it, or another tag's name to merge
            the two. Tags differing only in case are merged already.
          </p>
          <datalist id="import-tag-names">
            {tags.slice(0, TAGS_LISTED).map((tag) => (
              <option key={tag.name} value={tag.name} />
            ))}
          </datalist>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {tags.slice(0, TAGS_LISTED).map((tag) => (
              <li key={tag.name} className="grid min-w-0 gap-1 text-sm">
                <input type="hidden" name="tagFrom" value={tag.name} />
                <label className="grid min-w-0 gap-1">
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <span className="font-medium">{tag.name}</span>{" "}
                    <span className="text-muted">
                      ({tag.uses} {tag.uses === 1 ? "post" : "posts"})
                    </span>
                  </span>
                  <input
                    name="tagTo"
                    list="import-tag-names"
                    maxLength={60}
                    placeholder="Keep as it is"
                    defaultValue={tag.to === tag.name ? "" : tag.to}
                    className={inputClass}
                  />
                </label>
              </li>
            ))}
          </ul>
          {tagCount > TAGS_LISTED && (
            <label className="mt-4 grid gap-1 text-sm font-medium">
              The other {tagCount - TAGS_LISTED} tags, used less: one a line, “Old name → New name”
              <textarea
                name="moreTags"
                rows={4}
                placeholder={"Web design → Design\nwordpress tips → WordPress"}
                className={inputClass}
              />
            </label>
          )}
        </details>
      )}
    </>
  );
}

function AddressGroup({ title, group }: { title: string; group: ListedChoices["pages"] }) {
  const choices = group.listed;
  if (choices.length === 0) return null;
  const count = choices.length + group.more;
  return (
    <details className="min-w-0 rounded-xl border border-border p-4" open={count <= OPEN_UP_TO}>
      <summary className="cursor-pointer text-sm font-semibold">
        {title} ({count}
        {group.more ? `, the first ${choices.length} listed` : ""})
      </summary>
      <ul className="mt-3 divide-y divide-border">
        {choices.map((choice) => (
          <li
            key={choice.from}
            className="grid min-w-0 gap-2 py-2 text-sm sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-center"
          >
            <input type="hidden" name="addressFrom" value={choice.from} />
            <label htmlFor={`to-${choice.from}`} className="min-w-0 [overflow-wrap:anywhere]">
              <span className="font-medium">{choice.title || choice.from}</span>{" "}
              <code className="text-xs text-muted">{choice.from}</code>
            </label>
            <select
              id={`to-${choice.from}`}
              name="addressTo"
              defaultValue={choice.to ?? ""}
              className={inputClass}
            >
              {targetsFor(choice).map(([path, label]) => (
                <option key={path} value={path}>
                  {label}
                </option>
              ))}
            </select>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The closest page first, then the usual pages, then none; a path chosen by the API kept as an option. */
function targetsFor(choice: AddressChoice): (readonly [string, string])[] {
  const usual = ADDRESS_TARGETS.filter(([path]) => path !== choice.closest);
  const closestLabel = ADDRESS_TARGETS.find(([path]) => path === choice.closest)?.[1] ?? choice.closest;
  const options: (readonly [string, string])[] = [
    [choice.closest, `Closest: ${closestLabel}`],
    ...usual,
    ["", "No redirect (404)"],
  ];
  if (choice.to !== null && !options.some(([path]) => path === choice.to))
    options.splice(1, 0, [choice.to, choice.to]);
  return options;
}
