// Stand-in for @mastra/mcp while fixture apps are imported in tests: no server is started and the
// MCP tools are empty, so the captured request holds exactly the statically known tools.
export class MCPClient {
  constructor(config) {
    this.config = config;
  }
  async listTools() {
    return {};
  }
  async getTools() {
    return {};
  }
  async listToolsets() {
    return {};
  }
  async getToolsets() {
    return {};
  }
  async disconnect() {}
}
export const MCPConfiguration = MCPClient;
