import { useRouteLoaderData } from "react-router";

/** A service as the phone menu and a case study's credits link to it. */
export type ServiceLink = { slug: string; title: string };

type RootData = { services?: ServiceLink[] } | undefined;

/**
 * The services visitors can see, in the owner's order, as the root loader read them (the pages
 * feature's list: hidden ones left out). Empty when the root loader could not run (the database failed):
 * the menu's "Services" still leads to the home page's list.
 */
export function useServices(): ServiceLink[] {
  return (useRouteLoaderData("root") as RootData)?.services ?? [];
}
