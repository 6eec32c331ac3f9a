'use strict';
// kanka mcp driven by a client nobody here wrote: the TypeScript SDK's
// (@modelcontextprotocol/sdk). Run by TestE2EMCPWithTheTypeScriptClient:
//   node mcp-ts-client.cjs CONFIG.json
// CONFIG holds sdkDir (a folder where `npm install --prefix` put the SDK),
// the command, args and env that start kanka mcp, and the calls to make.
// It prints one JSON object: the tools listed, every problem found with
// their schemas, and what each call returned.
const fs = require('fs');
const path = require('path');
const { createRequire } = require('module');

const config = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const sdk = createRequire(path.join(config.sdkDir, 'package.json'));
const { Client } = sdk('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = sdk('@modelcontextprotocol/sdk/client/stdio.js');
const ajvModule = sdk('ajv');
const Ajv = ajvModule.default || ajvModule;

// A schema must be valid JSON Schema, and compile with no keyword Ajv
// does not know.
function schemaProblems(name, which, schema) {
  const problems = [];
  const ajv = new Ajv({ strict: true, strictTypes: false, allErrors: true });
  if (!ajv.validateSchema(schema)) {
    problems.push(`${name} ${which}: ${ajv.errorsText(ajv.errors)}`);
    return problems;
  }
  try {
    ajv.compile(schema);
  } catch (e) {
    problems.push(`${name} ${which}: ${e.message}`);
  }
  return problems;
}

async function main() {
  let stderr = '';
  const transport = new StdioClientTransport({ command: config.command, args: config.args, env: config.env, stderr: 'pipe' });
  transport.stderr.on('data', (d) => { stderr += d; });
  const client = new Client({ name: 'kanka-e2e-ts', version: '1.0.0' });
  await client.connect(transport);

  // Progress is counted as the server sent it, on the wire: the client
  // hands a notification to its callback a step after it reads it, and
  // drops one that arrived in the same read as the call's result.
  const progressByToken = new Map();
  const received = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (message.method === 'notifications/progress') {
      const token = message.params.progressToken;
      progressByToken.set(token, (progressByToken.get(token) || 0) + 1);
    }
    received(message, extra);
  };
  let lastToken;
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    if (message.method === 'tools/call') {
      lastToken = message.params._meta && message.params._meta.progressToken;
    }
    return send(message, options);
  };

  const { tools } = await client.listTools();
  const problems = [];
  const inputs = {};
  for (const tool of tools) {
    problems.push(...schemaProblems(tool.name, 'inputSchema', tool.inputSchema));
    if (tool.outputSchema) {
      problems.push(...schemaProblems(tool.name, 'outputSchema', tool.outputSchema));
    }
    inputs[tool.name] = new Ajv({ strict: false }).compile(tool.inputSchema);
  }

  const results = [];
  for (const call of config.calls) {
    const result = { tool: call.tool, progress: 0 };
    const validInput = inputs[call.tool];
    result.argumentsValid = validInput ? validInput(call.arguments) : false;
    try {
      // The client checks structuredContent against the tool's
      // outputSchema itself, and throws when it does not hold.
      const res = await client.callTool({ name: call.tool, arguments: call.arguments }, undefined, {
        onprogress: () => {},
        timeout: 60000,
      });
      result.progress = progressByToken.get(lastToken) || 0;
      result.isError = Boolean(res.isError);
      result.structured = res.structuredContent !== undefined;
      result.text = (res.content || []).filter((c) => c.type === 'text').map((c) => c.text)[0] || '';
    } catch (e) {
      result.error = String(e);
    }
    results.push(result);
  }
  await client.close();
  process.stdout.write(JSON.stringify({ tools: tools.map((t) => t.name), problems, results, stderr }) + '\n');
}

main().catch((e) => {
  process.stderr.write(String(e && e.stack || e) + '\n');
  process.exit(1);
});
