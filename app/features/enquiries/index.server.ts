export { contactHistories, countNewContacts, enquiriesFrom, sameAddress } from "./contacts.server";
