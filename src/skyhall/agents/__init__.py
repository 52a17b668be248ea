"""Agents choose an action from a seat's view and the legal choices; they never see the true state."""

from skyhall.agents.base import Agent, agent_names, clocked, make_agent, timed_agents

__all__ = ["Agent", "agent_names", "clocked", "make_agent", "timed_agents"]
