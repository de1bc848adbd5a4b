import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

import {
  PAGE_LOADING_CLASS,
  PAGE_LOADING_DELAY_MS,
  PAGE_LOADING_SPINNER_CLASS,
  pageLoadingWords,
} from "~/platform/pages/page-behaviours";

/**
 * The status of a slow move by one of React's links (the admin's): the one the page script shows for
 * a move the browser makes itself, drawn from the router's own state, so it goes the moment the page
 * has arrived, or the move has failed or been called off. A form's move is its button's to show.
 */
export function PageLoading() {
  const navigation = useNavigation();
  const moving = navigation.state === "loading" && navigation.formData === undefined;
  return moving ? <Moving to={navigation.location.pathname} /> : null;
}

/** In the page from the start of the move, its words only later: a screen reader announces them. */
function Moving({ to }: { to: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PAGE_LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div role="status" className={PAGE_LOADING_CLASS}>
      {shown && (
        <>
          <span aria-hidden="true" className={PAGE_LOADING_SPINNER_CLASS} />
          {pageLoadingWords(to)}
        </>
      )}
    </div>
  );
}
