"""Sample Warhammer Fantasy units shared by the Fantasy rules tests."""

from rules.warhammer_fantasy import FantasyUnit, Fighter


def swordsmen(count: int = 15) -> FantasyUnit:
    """Empire-style swordsmen: WS4 S3 T3 I4 A1, 5+ save; the second model is a musician."""
    models = [Fighter(f"s{n}", 4, 3, 3, 4, 1, save=5, musician=(n == 2))
              for n in range(1, count + 1)]
    return FantasyUnit("swords", "Swordsmen", "infantry", models, leadership=7)


def goblins(count: int = 8, leadership: int = 6) -> FantasyUnit:
    """Goblins: WS2 S3 T3 I2 A1, 6+ save."""
    models = [Fighter(f"g{n}", 2, 3, 3, 2, 1, save=6) for n in range(1, count + 1)]
    return FantasyUnit("gobbos", "Goblins", "infantry", models, leadership=leadership)


def knights(count: int = 6) -> FantasyUnit:
    """Cavalry: the riders' WS4 S4 A1, the mounts' 1 attack that never fights at a building."""
    models = [Fighter(f"k{n}", 4, 4, 3, 3, 1, save=3, unit_strength=2, mount_attacks=1)
              for n in range(1, count + 1)]
    return FantasyUnit("knights", "Knights", "cavalry", models, leadership=8)
