// A case study's cover: a composition of the kind of work it was (the site in a browser, the app in a
// phone, the ads, the map, the search results, the dashboard), in the client's colours, with its
// headline result drawn as a chart. 1200×675, big simple shapes so it still reads on a 390 px card.
import { type ReactNode } from "react";

import { AdsScene } from "./case-study/ads-scene.server";
import { BrowserScene } from "./case-study/browser-scene.server";
import { DashboardScene } from "./case-study/dashboard-scene.server";
import { MapScene } from "./case-study/map-scene.server";
import { PhoneScene } from "./case-study/phone-scene.server";
import { type Props } from "./case-study/scene-parts.server";
import { SearchScene } from "./case-study/search-scene.server";
import { chooseComposition, type Composition, type StudyFacts } from "./compose";
import { type Palette } from "./palettes";
import { Frame } from "./parts.server";

/** `kind`: another view of the same work (a gallery's picture); its cover's by default. */
export function caseStudyArtwork(
  study: StudyFacts,
  palette: Palette,
  kind: Composition = chooseComposition(study),
): ReactNode {
  const props = { study, palette, seed: study.clientName || study.title };
  const scenes: Record<Composition, (p: Props) => ReactNode> = {
    browser: BrowserScene,
    phone: PhoneScene,
    ads: AdsScene,
    map: MapScene,
    search: SearchScene,
    dashboard: DashboardScene,
  };
  return (
    <Frame palette={palette} flip={kind === "map" || kind === "ads"}>
      {scenes[kind](props)}
    </Frame>
  );
}
