/**
 * The list places a form's field names may add up to: each "gallery[23]" is 24 places (the form library
 * makes the list that long, and walks every place of it). The longest lists a form has are tens (a case
 * study's 24 gallery images, each with its fields: 900 places); one name goes no further than the
 * thousandth. One field "name[100000000]" in a sign-in took the process past its memory, and 5,000
 * fields each at place 9,999 held the contact form 19 s.
 */
const LIST_PLACES = { one: 1_000, all: 10_000 };

/**
 * The fields a form may have, and how often one name may come back. The form library adds each value of
 * a repeated name to a copy of the list so far, so the cost grows with the square of the repeats: 20,000
 * held the server 1.5-2.5 s. The most any form here has: an import's preview, 2,000 old addresses (two
 * fields each) beside its tags.
 */
const FIELDS = { all: 10_000, oneName: 2_000 };

export const FORM_SHAPE_REFUSALS = {
  listPlaces: "The form names more list items than any form here has",
  fields: "The form has more fields than any form here has",
  repeats: "The form repeats a field more often than any form here does",
};

/**
 * Whether a form's body, before it is parsed, could hold more fields than FIELDS allows: counted as its
 * separators ("&" between url-encoded fields, the boundary before each multipart part). Parsing 150,000
 * fields took most of a second before any name could be looked at.
 */
export function hasTooManyFields(bytes: Buffer, contentType: string): boolean {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const multipart = /^multipart\//i.test(contentType) && boundary;
  const separator = multipart ? `--${boundary[1] ?? boundary[2]}` : "&";
  // A multipart body's last boundary closes it; url-encoded fields are one more than their "&"s.
  let fields = multipart ? -1 : 1;
  for (let at = bytes.indexOf(separator); at !== -1; at = bytes.indexOf(separator, at + separator.length)) {
    if (++fields > FIELDS.all) return true;
  }
  return false;
}

/**
 * Checks a form's names one at a time, as they come, before anything parses the fields: the refusal's
 * words once the form is shaped like no form here (see LIST_PLACES and FIELDS), otherwise undefined.
 * The count of fields is not here: hasTooManyFields counts it before the form is parsed, and the
 * other readers have lower limits of their own (multipart's parts, an autosave's fields).
 */
export function formShapeCheck(): (name: string) => string | undefined {
  let places = 0;
  const repeats = new Map<string, number>();
  return (name) => {
    const times = (repeats.get(name) ?? 0) + 1;
    if (times > FIELDS.oneName) return FORM_SHAPE_REFUSALS.repeats;
    repeats.set(name, times);
    for (const [, index] of name.matchAll(/\[(\d+)\]/g)) {
      const asked = Number(index) + 1;
      places += asked;
      if (asked > LIST_PLACES.one || places > LIST_PLACES.all) return FORM_SHAPE_REFUSALS.listPlaces;
    }
    return undefined;
  };
}
