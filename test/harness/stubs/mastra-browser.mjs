// Stand-in for @mastra/agent-browser and @mastra/stagehand (not installed here) while fixture apps
// are imported in tests: a browser provider Agent accepts, with no tools, so an app that gives an
// agent a browser still loads. What a real provider offers is not measured through it.
import { MastraBrowser } from '@mastra/core/browser';

class StubBrowser extends MastraBrowser {
  id = 'stub-browser';
  name = 'StubBrowser';
  provider = 'stub';
  async doLaunch() {}
  async doClose() {}
  async getActivePage() {
    return null;
  }
  getBrowserStateForThread() {
    return null;
  }
  getTools() {
    return {};
  }
}

export class AgentBrowser extends StubBrowser {}
export class StagehandBrowser extends StubBrowser {}
