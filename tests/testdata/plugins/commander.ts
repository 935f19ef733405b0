export { commander as default } from "./viewer.ts";
