// React Email's renderer alone (it formats with Prettier): render.ts loads this with the first e-mail.
export { render } from "@react-email/components";
