import { MENU_ID } from "~/components/layout/site-header";
import { TOAST_HOTKEY } from "~/components/ui/toast";
import { TOOLTIP_CLASS, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "~/components/ui/tooltip";

import { THEME_STORAGE_KEY } from "./theme";

const config = {
  themeKey: THEME_STORAGE_KEY,
  tooltipClass: TOOLTIP_CLASS,
  tooltipDelay: TOOLTIP_DELAY_MS,
  tooltipSkipDelay: TOOLTIP_SKIP_DELAY_MS,
  toastHotkey: TOAST_HOTKEY,
  menuId: MENU_ID,
  // As home's useSmoothHashScroll: after the first paint.
  hashScrollDelay: 100,
};

/**
 * What the pages that are not hydrated (marketing copy, see docs/decisions/011) need from
 * JavaScript, without React: the theme switch, its tooltips, F8 to the notifications, the side menu
 * closing on a same-page link, and the glide to "/#services". The same behaviour as the React
 * components on the other pages (and the same markup, which the server renders for both).
 * Serialised with toString(): it must not use anything from outside itself.
 */
function enhanceStaticPage(c: typeof config) {
  const root = document.documentElement;

  let stored: string | null = null;
  try {
    stored = localStorage.getItem(c.themeKey);
  } catch {
    // Storage can be blocked; the theme stays dark.
  }
  const preference = stored === "light" || stored === "system" ? stored : "dark";
  document.querySelectorAll<HTMLInputElement>('input[name="theme"]').forEach((radio) => {
    radio.checked = radio.value === preference;
    radio.addEventListener("change", () => {
      try {
        localStorage.setItem(c.themeKey, radio.value);
      } catch {
        // Applied for this page only.
      }
      (window as { __applyTheme?: () => void }).__applyTheme?.();
    });
  });

  let lastClosedAt = 0;
  document.querySelectorAll<HTMLElement>("[data-tooltip]").forEach((wrapper, index) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tip: HTMLElement | null = null;
    const open = () => {
      if (tip) return;
      tip = document.createElement("span");
      tip.setAttribute("role", "tooltip");
      tip.id = `tooltip-${index}`;
      tip.className = c.tooltipClass;
      tip.textContent = wrapper.dataset.tooltip ?? "";
      wrapper.appendChild(tip);
    };
    const show = () => {
      clearTimeout(timer);
      if (Date.now() - lastClosedAt < c.tooltipSkipDelay) open();
      else timer = setTimeout(open, c.tooltipDelay);
    };
    const hide = () => {
      clearTimeout(timer);
      if (tip) {
        lastClosedAt = Date.now();
        tip.remove();
        tip = null;
      }
    };
    wrapper.addEventListener("pointerenter", show);
    wrapper.addEventListener("pointerleave", hide);
    wrapper.addEventListener("focusin", show);
    wrapper.addEventListener("focusout", hide);
    document.addEventListener("keydown", (event) => event.key === "Escape" && hide());
  });

  document.addEventListener("keydown", (event) => {
    if (event.key === c.toastHotkey)
      document.querySelector<HTMLElement>('section[aria-label^="Notifications"] ol')?.focus();
  });

  const menu = document.getElementById(c.menuId);
  menu?.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) menu.hidePopover?.();
  });

  const glide = () => {
    if (!location.hash) return;
    setTimeout(() => {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
      target?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
    }, c.hashScrollDelay);
  };
  glide();
  window.addEventListener("hashchange", glide);

  // The page is ready for input (end-to-end tests wait for this, as on hydrated pages).
  root.dataset.hydrated = "true";
}

export const staticPageScript = `(${enhanceStaticPage.toString()})(${JSON.stringify(config)});`;
