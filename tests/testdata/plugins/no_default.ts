// A module without a default export: for the loader's error message.
export const metric = {};
