"""Site adapters by name; a policy's ``adapter`` field picks one."""

from __future__ import annotations

from veil.proxy.adapters.anthropic import AnthropicAdapter
from veil.proxy.adapters.base import SiteAdapter, TextSlot
from veil.proxy.adapters.chatgpt_web import ChatGPTWebAdapter
from veil.proxy.adapters.claude_web import ClaudeWebAdapter
from veil.proxy.adapters.gemini_api import GeminiApiAdapter
from veil.proxy.adapters.gemini_web import GeminiWebAdapter
from veil.proxy.adapters.ollama import OllamaAdapter
from veil.proxy.adapters.openai import OpenAIAdapter

ADAPTERS: dict[str, SiteAdapter] = {
    adapter.name: adapter
    for adapter in (
        OpenAIAdapter(),
        AnthropicAdapter(),
        GeminiApiAdapter(),
        OllamaAdapter(),
        ClaudeWebAdapter(),
        ChatGPTWebAdapter(),
        GeminiWebAdapter(),
    )
}

__all__ = ["ADAPTERS", "SiteAdapter", "TextSlot"]
