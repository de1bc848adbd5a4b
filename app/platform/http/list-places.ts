/**
 * The list places a form's field names may add up to: each "gallery[23]" is 24 places (the form library
 * makes the list that long, and walks every place of it). The longest lists a form has are tens (a case
 * study's 24 gallery images, each with its fields: 900 places); one name goes no further than the
 * thousandth. One field "name[100000000]" in a sign-in took the process past its memory, and 5,000
 * fields each at place 9,999 held the contact form 19 s.
 */
const LIST_PLACES = { one: 1_000, all: 10_000 };

export const TOO_MANY_LIST_ITEMS = "The form names more list items than any form here has";

/** Counts the list places of a form's names, one name at a time: false once they are past LIST_PLACES. */
export function listPlacesCounter(): (name: string) => boolean {
  let places = 0;
  return (name) => {
    for (const [, index] of name.matchAll(/\[(\d+)\]/g)) {
      const asked = Number(index) + 1;
      places += asked;
      if (asked > LIST_PLACES.one || places > LIST_PLACES.all) return false;
    }
    return true;
  };
}
