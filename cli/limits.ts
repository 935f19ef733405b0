/**
 * The command-line flags of the read limits (see `ReadLimits`), shared by the
 * commands that read gold and system files.
 *
 * @module
 */

export { READ_LIMIT_FLAGS, READ_LIMIT_HELP, readLimitsFromFlags } from "../plugins/command_args.ts";
