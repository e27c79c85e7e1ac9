"""The game-agnostic machinery: notation loading, errors, replay, scoring, reports, audits."""
