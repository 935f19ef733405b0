/** A plugin for the tests whose format claims the extension "" (every file name). */

export default {
  name: "greedy",
  version: "1.0",
  formats: [{
    id: "greedy",
    description: "Claims every file",
    extensions: [""],
    parse: () => Promise.resolve({ path: "x", format: "greedy", sentences: [] }),
  }],
};
