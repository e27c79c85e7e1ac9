// Starts `gamelog lsp` for every document of the language "gamelog" (package.json:
// *.log, *.tm, *.gamelog, or any file whose first line is "game: ...").
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace
    .getConfiguration("gamelog")
    .get("command", ["gamelog", "lsp"]);
  client = new LanguageClient(
    "gamelog",
    "gamelog",
    { command, args },
    { documentSelector: [{ language: "gamelog" }] },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
