"""The dungeon's economy: metal mined from veins (mining.py), furniture built from metal
(furniture.py), the end of the game and its score (ending.py). Rules: docs/rules/economy.md."""
