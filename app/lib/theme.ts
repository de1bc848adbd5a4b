export const THEME_STORAGE_KEY = "theme";
export const themePreferences = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof themePreferences)[number];

export function isThemePreference(value: unknown): value is ThemePreference {
  return themePreferences.includes(value as ThemePreference);
}

/**
 * Runs in <head> before the first paint, so the page never flashes the wrong theme. It also
 * follows the operating system live while the preference is "system". Dark is the default;
 * the server renders class="dark no-js" and this script removes "no-js". A switch of theme turns
 * transitions off for one frame, so colours change at once instead of fading mid-way.
 */
export const themeScript = `(function(){var d=document.documentElement,m=matchMedia("(prefers-color-scheme: dark)");function a(){var t,s;try{t=localStorage.getItem("${THEME_STORAGE_KEY}")}catch(e){}var k=t==="light"?false:t==="system"?m.matches:true;if(document.body){s=document.createElement("style");s.textContent="*,*::before,*::after{transition:none!important}";document.head.appendChild(s)}d.classList.toggle("dark",k);d.classList.toggle("light",!k);d.style.colorScheme=k?"dark":"light";if(s){getComputedStyle(document.body).opacity;setTimeout(function(){s.remove()},1)}}d.classList.remove("no-js");a();m.addEventListener("change",a);window.addEventListener("storage",a);window.__applyTheme=a})();`;

declare global {
  interface Window {
    __applyTheme?: () => void;
  }
}

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : "dark";
  } catch {
    return "dark";
  }
}

export function saveThemePreference(preference: ThemePreference) {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
  window.__applyTheme?.();
}
