import { createContext, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";

import { requestScope, runInRequestScope, setRequestLanguage } from "~/platform/http/request-scope.server";
import { pageNotFound } from "~/platform/pages/not-found.server";

import { type Language, prefixOf } from "./languages";
import { siteLanguages } from "./site-languages.server";

/** The language a request is answered in: what loaders and actions read with `languageOf(context)`. */
export const languageContext = createContext<Language>("en");

export const languageOf = (context: Readonly<RouterContextProvider>): Language =>
  context.get(languageContext);

/** The language of the request being answered, for services without the context (the page copy's gate). */
export const requestLanguage = (): Language =>
  (requestScope()?.lang as Language | undefined) ?? siteLanguages().default;

/**
 * Root middleware: the path's prefix names the language ("/ga/about" is Irish); without one it is the
 * site's default. A prefix of a language the site is not in is a 404 (the newsletter's e-mail links
 * excepted: 302 to the default's page), and the default language's own
 * prefix ("/en/about") answers 301 to the address without it. Never by the browser's Accept-Language:
 * every version must stay reachable at its own address (docs/decisions/055).
 */
export const answerInLanguage: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const url = new URL(request.url);
  const site = siteLanguages();
  const prefix = prefixOf(url.pathname);
  // The admin and the API stay in English, whatever the site's default.
  let lang: Language = STAFF_AREAS.test(url.pathname) ? "en" : site.default;
  if (prefix) {
    if (prefix.lang === site.default) throw redirect(`${prefix.rest}${url.search}`, 301);
    if (!site.languages.includes(prefix.lang)) {
      // A link in an e-mail sent while the site was in that language keeps working: the default's page.
      if (LINKS_IN_EMAILS.test(prefix.rest)) throw redirect(`${prefix.rest}${url.search}`, 302);
      pageNotFound(request);
    }
    lang = prefix.lang;
  }
  context.set(languageContext, lang);
  const answer = () => {
    setRequestLanguage(lang);
    return next();
  };
  // The page cache renders its pages at start-up outside any visitor's request: they get a scope of their own.
  return requestScope() ? answer() : runInRequestScope("page-cache", answer);
};

const STAFF_AREAS = /^\/(admin|api)(\/|$)/;
/** The newsletter's pages its e-mails link to (unsubscribe: the law wants it to keep working). */
const LINKS_IN_EMAILS = /^\/newsletter\/(confirm|unsubscribe)$/;
