/** The clients named on the site (their case studies' and quotes' companies), shown as a strip of names or logos. */
export const seedClients = [
  "Glow Aesthetics Clinic",
  "Emerald Threads",
  "Harbour Logistics",
  "Atlantic Solar",
  "Dublin Legal Partners",
  "Wildway Outdoor",
  "Liffey Dental Group",
  "Claddagh Coffee Roasters",
].map((name) => ({ name, url: "" }));
