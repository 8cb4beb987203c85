/**
 * The name a provider's own tool goes by with the model. Mastra sends a provider-defined tool
 * (`openai.tools.webSearch()`, `anthropic.tools.webSearch_20250305()`) as the provider's native
 * tool, not as a function named by its key: the model knows it by the provider's name for it. The
 * AI SDK factories are named after that name (ids `openai.web_search`, `anthropic.web_search_20250305`,
 * `google.google_search`): the method in snake case, without Anthropic's version date. Anthropic's
 * text editor is the exception (`str_replace_based_edit_tool` from 20250429, `str_replace_editor` before).
 * OpenAI's `customTool` and `mcp` have no name of their own (their arguments name what they offer).
 */
export function nativeToolName(call: string): string | undefined {
  const match = /\.tools\.([A-Za-z][A-Za-z0-9]*)(?:_(\d{8}))?$/.exec(call);
  if (!match) return undefined;
  const [, method, date] = match;
  if (method === 'customTool' || method === 'mcp') return undefined;
  if (method === 'textEditor' && date)
    return date >= '20250429' ? 'str_replace_based_edit_tool' : 'str_replace_editor';
  return method!.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
