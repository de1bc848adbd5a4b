/**
 * The AI crawlers the owner may refuse by name in robots.txt (Site settings → AI crawlers), each by the
 * user-agent token its company documents for robots.txt. Every one is allowed unless refused.
 */
export const AI_CRAWLERS = [
  { name: "GPTBot", owner: "OpenAI", use: "training ChatGPT's models" },
  { name: "OAI-SearchBot", owner: "OpenAI", use: "ChatGPT search results" },
  { name: "ChatGPT-User", owner: "OpenAI", use: "pages a ChatGPT user asks it to open" },
  { name: "ClaudeBot", owner: "Anthropic", use: "training Claude's models" },
  { name: "Claude-SearchBot", owner: "Anthropic", use: "Claude's search results" },
  { name: "Google-Extended", owner: "Google", use: "Gemini's training and answers (not Google Search)" },
  { name: "Applebot-Extended", owner: "Apple", use: "Apple Intelligence's training (not Siri or Spotlight)" },
  { name: "PerplexityBot", owner: "Perplexity", use: "Perplexity's answers" },
  { name: "CCBot", owner: "Common Crawl", use: "the open web archive many models are trained on" },
  { name: "Meta-ExternalAgent", owner: "Meta", use: "training Meta's AI models" },
  { name: "Bytespider", owner: "ByteDance", use: "training ByteDance's models" },
  { name: "Amazonbot", owner: "Amazon", use: "Alexa's answers and Amazon's models" },
] as const;

export type AiCrawlerName = (typeof AI_CRAWLERS)[number]["name"];

export const AI_CRAWLER_NAMES = AI_CRAWLERS.map((crawler) => crawler.name) as [
  AiCrawlerName,
  ...AiCrawlerName[],
];
