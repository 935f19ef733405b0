// A module whose default export is not a plugin: for the loader's error message.
export default { name: "broken", version: "1.0", metrics: [{ id: "Bad Id" }] };
