import { adminSessionCookie } from "./start-server";

/** Irish headlines for the pages the audits and the browser tests translate. */
export const IRISH_HEADLINES = {
  home: "Fás digiteach do ghnólachtaí",
  "services/seo": "Cuardach a thugann custaiméirí",
  contact: "Labhair linn faoi do thionscadal",
};

/** Where those translations are read. */
export const IRISH_PATHS = ["/ga", "/ga/services/seo", "/ga/contact"];

/**
 * Adds Irish to a running site and publishes the home page, the SEO service page and the contact page
 * in it through the API, as an owner would: each the English words with its headline in Irish.
 */
export async function translateIntoIrish(baseURL: string) {
  const cookie = await adminSessionCookie(baseURL);
  const headers = { Cookie: cookie, "Content-Type": "application/json", Origin: baseURL };
  const send = async (path: string, method: string, body?: unknown) => {
    const response = await fetch(baseURL + path, { method, headers, body: JSON.stringify(body) });
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  await send("/api/languages", "PUT", { default: "en", languages: ["en", "ga"] });
  for (const [key, headline] of Object.entries(IRISH_HEADLINES)) {
    const copy = (await send(`/api/pages/${key}`, "GET")).published;
    if (key === "contact") copy.heading = headline;
    else copy.hero.headline = headline;
    await send(`/api/pages/${key}?lang=ga`, "PUT", copy);
    await send(`/api/pages/${key}/publish?lang=ga`, "POST");
  }
}
