/* Commands of the message resource: the message table (dialogue text). */
#include "cmd/handlers_message.h"
#include "cmd/table_macros.h"
#include "zelda3/text.h"

#define MESSAGE_ID_ARG {"id", Z3_ARG_INT, true, NULL, NULL, "message id (0x000-0x18C in the game; the expanded bank's follow)", 0, 0xFFFF}
/* yaze's expanded bank (text.h): the ROM shows it only by Oracle of Secrets' hook. */
#define MESSAGE_BANK_ARG                                                                                        \
  {"message-bank", Z3_ARG_ENUM, false, "auto", LIST("auto", "vanilla", "expanded"),                              \
   "yaze's expanded message bank: auto reads it when the ROM has the hook at 0x75436 that makes the game read "  \
   "it; expanded also without (yaze's project setting, at 0x178000); vanilla never", 0, 0}

static const z3_command z3_cmds_message[] = {
    {
        .resource = "message", .action = "list",
        .summary = "list every message with its length and a preview",
        .description = "Reads the message stream (bank $1C, then bank $0E after the 0x80 switch) and the "
                       "dictionary; a message's id is its position in the stream. Lengths count the "
                       "encoded bytes including the closing 0x7F. yaze's expanded bank (0x178000-0x17FFFF, "
                       "--message-bank) follows as bank 3, its ids after the vanilla ones as yaze numbers them "
                       "(0x18D on in the US game); a ROM with Oracle of Secrets' hook shows it by itself.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"preview", Z3_ARG_INT, false, "40", NULL, "characters of text shown per message", 0, 1000},
                     MESSAGE_BANK_ARG),
        .returns = RETURNS({"count", "integer", "messages"},
                           {"bytes_used", "integer", "bytes the stream needs (messages, bank switch, end byte)"},
                           {"capacity", "integer", "bytes the two text banks hold"},
                           {"messages", "array", "id, length, bank (1, 2, or 3 for the expanded bank), preview"},
                           {"expanded_bank", "object", "with the expanded bank: start, end, first_id, count, "
                            "bytes_used, capacity, hooked (bank 2 ends with 0x80 and the ROM's hook sends the game on "
                            "to this bank)"}),
        .examples = LIST("z3ed message list --rom zelda3.sfc",
                         "z3ed message list --rom zelda3.sfc --preview 80 --output-format json",
                         "z3ed message list --rom zelda3.sfc --message-bank vanilla"),
        .handler = cmd_message_list,
    },
    {
        .resource = "message", .action = "get",
        .summary = "show one message as text, raw tokens and bytes",
        .description = "text is the readable form (dictionary entries expanded; 'message set' compresses it "
                       "again, longest match first, as the game's text was); reencodes says whether that "
                       "gives back exactly these bytes. raw shows dictionary bytes as [D:xx] and, given to "
                       "'message set --raw', always does. Token syntax: docs/messages.md.",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS(MESSAGE_ID_ARG, MESSAGE_BANK_ARG),
        .returns = RETURNS({"id", "string", "the message id"},
                           {"text", "string", "readable text, dictionary expanded"},
                           {"raw", "string", "the same with [D:xx] dictionary tokens"},
                           {"bytes", "string", "encoded bytes in hex (without the 0x7F)"},
                           {"length", "integer", "encoded bytes including the 0x7F"},
                           {"offset", "string", "file offset"}, {"address", "string", "SNES address"},
                           {"reencodes", "boolean", "text encodes back to exactly these bytes"}),
        .examples = LIST("z3ed message get --rom zelda3.sfc --id 1"),
        .handler = cmd_message_get,
    },
    {
        .resource = "message", .action = "set",
        .summary = "replace one message's text",
        .description = "Encodes --text (tokens as in 'message get'; the dictionary applied longest match first "
                       "unless --raw), "
                       "then writes every message back in order: in place when the text fits, messages "
                       "after it shifted; a bank that overflows passes messages to the other. Text that "
                       "does not fit or characters the font lacks are refused and nothing is written. A message of the "
                       "expanded bank is written back in that bank (messages after it shifted, its 0xFF kept), "
                       "growing only over free bytes (0x00 or 0xFF).",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("rewrites the text banks from the message on", "saves atomically over --rom (keeping FILE.bak) or to --output"),
        .args = ARGS(MESSAGE_ID_ARG,
                     {"text", Z3_ARG_STRING, true, NULL, NULL, "the new text, e.g. 'Hello, [L]![K]'", 0, 0},
                     {"raw", Z3_ARG_BOOL, false, NULL, NULL, "--text is the raw form: dictionary bytes only where [D:xx] says", 0, 0},
                     MESSAGE_BANK_ARG),
        .returns = RETURNS({"id", "string", "the message id"},
                           {"old_text", "string", "text before"}, {"text", "string", "text after, as decoded back"},
                           {"old_length", "integer", "bytes before, with the 0x7F"},
                           {"length", "integer", "bytes after, with the 0x7F"},
                           {"bytes_free", "integer", "bytes left in the text banks"},
                           {"expanded_bytes_free", "integer", "with the expanded bank: bytes left in it"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed message set --rom hack.sfc --id 1 --text 'The keeper thanks you.[K]'",
                         "z3ed message set --rom hack.sfc --message-bank expanded --id 0x18D --text 'Hello.[K]'"),
        .handler = cmd_message_set,
    },
    {
        .resource = "message", .action = "search",
        .summary = "find the messages whose text holds a string or matches a regular expression",
        .description = "Searches every message's readable text (dictionary expanded, tokens as 'message get' "
                       "writes them, so '[K]' or 'the' find what they say). Plain text matches in any case "
                       "unless --case-sensitive; --regex takes a POSIX extended expression. Each message found "
                       "comes with its text and the byte offset and length of every match in it (matches do "
                       "not overlap; empty matches are not reported).",
        .flags = Z3_CMD_NEEDS_ROM, .safety = Z3_SAFETY_READ_ONLY,
        .effects = LIST("reads the ROM file"),
        .args = ARGS({"text", Z3_ARG_STRING, true, NULL, NULL, "what to look for", 0, 0},
                     {"regex", Z3_ARG_BOOL, false, NULL, NULL, "--text is a POSIX extended regular expression", 0, 0},
                     {"case-sensitive", Z3_ARG_BOOL, false, NULL, NULL, "match upper and lower case exactly", 0, 0},
                     MESSAGE_BANK_ARG),
        .returns = RETURNS({"count", "integer", "messages that match"},
                           {"matches", "integer", "matches over all messages"},
                           {"messages", "array", "id, text, matches (offset, length in the text)"}),
        .examples = LIST("z3ed message search --rom zelda3.sfc --text lantern",
                         "z3ed message search --rom zelda3.sfc --text '\\[C:0[0-9A-F]\\]' --regex --output-format json"),
        .handler = cmd_message_search,
    },
    {
        .resource = "message", .action = "export",
        .summary = "write every message and the dictionary to one JSON or text bundle",
        .description = "JSON: {\"format\": \"z3ed-messages\", \"version\": 1, \"dictionary\": [97 texts], "
                       "\"messages\": [{\"id\", \"text\"}]}. Text: a '# z3ed-messages 1' line, a '## dictionary' "
                       "section (one 'XX |text|' line per entry), then a '## 0xNNN' block per message whose line "
                       "breaks are not part of the text (the game's new lines are [1] [2] [3] [V]). Texts are the "
                       "readable form of 'message get'; 'message import' reads either back.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_WRITES_FILE, .safety = Z3_SAFETY_WRITES_FILES,
        .effects = LIST("reads the ROM file", "writes --out atomically (keeping FILE.bak unless --no-backup)"),
        .args = ARGS({"out", Z3_ARG_OUT_PATH, true, NULL, NULL, "the bundle file to write", 0, 0},
                     {"format", Z3_ARG_ENUM, false, NULL, LIST("json", "text"),
                      "bundle form; default: text for a .txt or .text file, else json", 0, 0},
                     MESSAGE_BANK_ARG),
        .returns = RETURNS({"out", "string", "the file written"}, {"format", "string", "json or text"},
                           {"messages", "integer", "messages written"},
                           {"dictionary_entries", "integer", "dictionary entries written"},
                           {"bytes", "integer", "size of the bundle"}),
        .examples = LIST("z3ed message export --rom zelda3.sfc --out messages.json",
                         "z3ed message export --rom zelda3.sfc --out messages.txt --format text"),
        .handler = cmd_message_export,
    },
    {
        .resource = "message", .action = "import",
        .summary = "read a JSON or text bundle back: dictionary and messages, all or nothing",
        .description = "Tells the two forms apart by content and checks everything before changing anything: "
                       "the format and version, each id exists and appears once, every text encodes, every "
                       "dictionary entry is characters only; errors name the file, the line:col or JSON path "
                       "and the message or entry. Messages left out keep their text; a bundle without a "
                       "dictionary keeps the ROM's. A message whose text and dictionary are unchanged keeps its "
                       "bytes, so importing an export changes nothing; the others are encoded with the (new) "
                       "dictionary. Text that no longer fits the banks is refused, naming the messages that "
                       "would not fit and those that grew.",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("rewrites the text banks and the dictionary where they differ",
                        "saves atomically over --rom (keeping FILE.bak) or to --output"),
        .args = ARGS({"in", Z3_ARG_PATH, true, NULL, NULL, "the bundle to read ('message export' writes one)", 0, 0},
                     MESSAGE_BANK_ARG),
        .returns = RETURNS({"in", "string", "the bundle read"}, {"format", "string", "json or text, as detected"},
                           {"messages_given", "integer", "messages in the bundle"},
                           {"messages_changed", "integer", "messages whose bytes changed"},
                           {"dictionary_given", "boolean", "the bundle has a dictionary"},
                           {"dictionary_changed", "boolean", "the dictionary changed"},
                           {"bytes_free", "integer", "bytes left in the text banks"},
                           {"expanded_bytes_free", "integer", "with the expanded bank: bytes left in it"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed message import --rom hack.sfc --in messages.json",
                         "z3ed message import --rom hack.sfc --in messages.txt --dry-run"),
        .handler = cmd_message_import,
    },
    {
        .resource = "message", .action = "dictionary",
        .summary = "list the text dictionary, or change one entry and re-encode every message",
        .description = "Without --set: the 97 entries (byte 0x88 + index) with their text, and the bytes they take "
                       "of the 274 the game keeps for them. With --set N --text T: entry N becomes T (characters "
                       "and symbols only, at least one), then every message is encoded again from its unchanged "
                       "text with the new dictionary, longest match first. Refused, with nothing written, when "
                       "the entries outgrow their space or the messages no longer fit the text banks (naming "
                       "the messages that would not fit and those that grew).",
        .flags = Z3_CMD_NEEDS_ROM | Z3_CMD_MUTATES_ROM, .safety = Z3_SAFETY_MUTATES_ROM,
        .effects = LIST("reads the ROM file; with --set rewrites the dictionary and the text banks where they differ",
                        "saves atomically over --rom (keeping FILE.bak) or to --output when something changed"),
        .args = ARGS({"set", Z3_ARG_INT, false, NULL, NULL, "the entry to change (0x00-0x60)", 0, Z3_TEXT_DICT_COUNT - 1},
                     {"text", Z3_ARG_STRING, false, NULL, NULL, "its new text, with --set", 0, 0},
                     MESSAGE_BANK_ARG),
        .returns = RETURNS({"entries", "array", "index, byte, text, length (listing)"},
                           {"count", "integer", "entries (listing)"},
                           {"bytes_used", "integer", "bytes the entries take (listing)"},
                           {"capacity", "integer", "bytes the ROM keeps for them (listing)"},
                           {"index", "string", "the entry changed (--set)"},
                           {"old_text", "string", "its text before (--set)"}, {"text", "string", "its text now (--set)"},
                           {"messages_changed", "integer", "messages whose bytes changed (--set)"},
                           {"dictionary_bytes_used", "integer", "bytes the entries take now (--set)"},
                           {"bytes_free", "integer", "bytes left in the text banks (--set)"},
                           {"expanded_bytes_free", "integer", "with the expanded bank: bytes left in it (--set)"},
                           {"changes", "array", "the change set"}),
        .examples = LIST("z3ed message dictionary --rom hack.sfc --set 0x50 --text thy",
                         "z3ed message dictionary --rom zelda3.sfc"),
        .handler = cmd_message_dictionary,
    },
    END_OF_SECTION,
};

Z3_COMMAND_SECTION(z3_cmds_message, 600)
