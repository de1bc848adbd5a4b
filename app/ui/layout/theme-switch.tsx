import { Fragment } from "react";

import type { MessageId } from "~/platform/i18n/catalogs/en";
import { useWords } from "~/platform/i18n/use-words";
import { type ThemePreference, themePreferences } from "~/platform/pages/page-behaviours";
import { StrokeIcon } from "~/ui/stroke-icon";
import { Tooltip } from "~/ui/tooltip";

const labels: Record<ThemePreference, MessageId> = {
  light: "theme.light",
  dark: "theme.dark",
  system: "theme.system",
};

const icons: Record<ThemePreference, string> = {
  light:
    "M12 3v2m0 14v2m9-9h-2M5 12H3m15.4-6.4-1.4 1.4M7 17l-1.4 1.4m12.8 0L17 17M7 7 5.6 5.6M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z",
  dark: "M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z",
  system: "M4 5h16v11H4zM8 20h8m-4-4v4",
};

/**
 * Light / dark / system, kept in localStorage under "theme". Needs JavaScript, so it hides without it.
 * Markup only: the page script checks the stored choice and applies a new one (app/platform/pages/page-behaviours.ts).
 * `labelled`: the phone menu's version, each choice a 44 px target with its name written out. Each switch
 * is a <form> of its own, or a second switch's radios would join the first one's group. A choice applies
 * as it is picked; the form still has a submit button (shown when focused) that applies the checked one,
 * as a form without one leaves keyboard and assistive-technology users no way to send it (WCAG H32).
 */
export function ThemeSwitch({ labelled = false }: { labelled?: boolean }) {
  const { t } = useWords();
  return (
    <form className="js-only relative">
      <fieldset className="flex items-center gap-0.5 rounded-full border border-border p-0.5">
        <legend className="sr-only">{t("theme.legend")}</legend>
        {themePreferences.map((value) => {
          const label = t(labels[value]);
          const choice = (
            <label
              className={`relative flex items-center justify-center gap-2 rounded-full text-muted has-checked:bg-primary has-checked:text-primary-fg ${
                labelled ? "min-h-11 flex-1 px-3 text-sm font-medium" : "size-8"
              }`}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                defaultChecked={value === "dark"}
                className="absolute inset-0 cursor-pointer appearance-none rounded-full"
              />
              <StrokeIcon d={icons[value]} className="pointer-events-none size-4" />
              {labelled ? (
                <span className="pointer-events-none">
                  <span aria-hidden="true">{label}</span>
                  <span className="sr-only">{t("theme.choice", { theme: label })}</span>
                </span>
              ) : (
                <span className="sr-only">{t("theme.choice", { theme: label })}</span>
              )}
            </label>
          );
          return labelled ? (
            <Fragment key={value}>{choice}</Fragment>
          ) : (
            <Tooltip key={value} content={label}>
              {choice}
            </Tooltip>
          );
        })}
      </fieldset>
      <button type="submit" className="theme-apply">
        {t("theme.apply")}
      </button>
    </form>
  );
}
