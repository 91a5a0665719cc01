"""The official French and Spanish words for the characteristics that explanations name.

Sources: the French and Spanish Comprehensive Rules excerpts, Wizards' keyword glossaries and printed French and
Spanish cards (the review in the project's shared reference `terminology.md`). Keywords are written as a French
sentence names them ("a le vol", "avec la portée") and as a Spanish one does after "la habilidad de".
"""

from __future__ import annotations

from ...languages import Message
from ...models.abilities import Keyword
from ...models.characteristics import CardType, Color, Supertype
from .nouns import Adjective, Word, es_adj, fr_adj

Lang = str
Same = Adjective.same

COLORS: dict[Color, dict[Lang, Adjective]] = {
    Color.WHITE: {"en": Same("white"), "fr": fr_adj("blanc", "blanche"), "es": es_adj("blanco")},
    Color.BLUE: {"en": Same("blue"), "fr": fr_adj("bleu"), "es": es_adj("azul")},
    Color.BLACK: {"en": Same("black"), "fr": fr_adj("noir"), "es": es_adj("negro")},
    Color.RED: {"en": Same("red"), "fr": fr_adj("rouge"), "es": es_adj("rojo")},
    Color.GREEN: {"en": Same("green"), "fr": fr_adj("vert"), "es": es_adj("verde")},
}

# Other adjectives of filters: colorless / colored, multicolored, tapped / untapped.
ADJECTIVES: dict[str, dict[Lang, Adjective]] = {
    "colorless": {"en": Same("colorless"), "fr": fr_adj("incolore"), "es": es_adj("incoloro")},
    "colored": {"en": Same("colored"), "fr": fr_adj("coloré"), "es": Same("de color")},
    "multicolored": {"en": Same("multicolored"), "fr": fr_adj("multicolore"), "es": es_adj("multicolor")},
    "monocolored": {"en": Same("monocolored"), "fr": fr_adj("monocolore"), "es": es_adj("monocolor")},
    "tapped": {"en": Same("tapped"), "fr": fr_adj("engagé"), "es": es_adj("girado")},
    "untapped": {"en": Same("untapped"), "fr": fr_adj("dégagé"), "es": es_adj("enderezado")},
    "nonbasic": {"en": Same("nonbasic"), "fr": Same("non-base"), "es": es_adj("no básico")},
}

SUPERTYPES: dict[Supertype, dict[Lang, Adjective]] = {
    Supertype.BASIC: {"en": Same("basic"), "fr": Same("de base"), "es": es_adj("básico")},
    Supertype.LEGENDARY: {"en": Same("legendary"), "fr": fr_adj("légendaire"), "es": es_adj("legendario")},
    Supertype.SNOW: {
        "en": Same("snow"),
        "fr": Adjective("neigeux", "neigeuse", "neigeux", "neigeuses"),
        "es": es_adj("nevado"),
    },
    Supertype.WORLD: {"en": Same("world"), "fr": Same("monde"), "es": es_adj("mundial")},
}

CARD_TYPES: dict[CardType, dict[Lang, Word]] = {
    CardType.ARTIFACT: {
        "en": Word("artifact", "artifacts"),
        "fr": Word("artefact", "artefacts"),
        "es": Word("artefacto", "artefactos"),
    },
    CardType.BATTLE: {
        "en": Word("battle", "battles"),
        "fr": Word("bataille", "batailles", "f"),
        "es": Word("batalla", "batallas", "f"),
    },
    CardType.CREATURE: {
        "en": Word("creature", "creatures"),
        "fr": Word("créature", "créatures", "f"),
        "es": Word("criatura", "criaturas", "f"),
    },
    CardType.ENCHANTMENT: {
        "en": Word("enchantment", "enchantments"),
        "fr": Word("enchantement", "enchantements"),
        "es": Word("encantamiento", "encantamientos"),
    },
    CardType.INSTANT: {
        "en": Word("instant", "instants"),
        "fr": Word("éphémère", "éphémères"),
        "es": Word("instantáneo", "instantáneos"),
    },
    CardType.KINDRED: {
        "en": Word("kindred", "kindreds"),
        "fr": Word("parenté", "parentés", "f"),
        "es": Word("afín", "afines"),
    },
    CardType.LAND: {
        "en": Word("land", "lands"),
        "fr": Word("terrain", "terrains"),
        "es": Word("tierra", "tierras", "f"),
    },
    CardType.PLANESWALKER: {
        "en": Word("planeswalker", "planeswalkers"),
        "fr": Word("planeswalker", "planeswalkers"),
        "es": Word("planeswalker", "planeswalkers"),
    },
    CardType.SORCERY: {
        "en": Word("sorcery", "sorceries"),
        "fr": Word("rituel", "rituels"),
        "es": Word("conjuro", "conjuros"),
    },
}

PERMANENT: dict[Lang, Word] = {
    "en": Word("permanent", "permanents"),
    "fr": Word("permanent", "permanents"),
    "es": Word("permanente", "permanentes"),
}


def _sub(fr: tuple[str, str, str], es: tuple[str, str, str]) -> dict[Lang, Word]:
    return {
        "fr": Word(fr[0], fr[1], "f" if fr[2] == "f" else "m"),
        "es": Word(es[0], es[1], "f" if es[2] == "f" else "m"),
    }


# Land types (written in lower case in French and Spanish running text: "une île", "cruza pantanos") and the
# creature types that the card reader meets most. A subtype outside this table is named as written in the snapshot,
# as a type name: "créatures de type Kor".
SUBTYPES: dict[str, dict[Lang, Word]] = {
    "plains": _sub(("plaine", "plaines", "f"), ("llanura", "llanuras", "f")),
    "island": _sub(("île", "îles", "f"), ("isla", "islas", "f")),
    "swamp": _sub(("marais", "marais", "m"), ("pantano", "pantanos", "m")),
    "mountain": _sub(("montagne", "montagnes", "f"), ("montaña", "montañas", "f")),
    "forest": _sub(("forêt", "forêts", "f"), ("bosque", "bosques", "m")),
    "desert": _sub(("désert", "déserts", "m"), ("desierto", "desiertos", "m")),
    "angel": _sub(("Ange", "Anges", "m"), ("Ángel", "Ángeles", "m")),
    "bear": _sub(("Ours", "Ours", "m"), ("Oso", "Osos", "m")),
    "beast": _sub(("Bête", "Bêtes", "f"), ("Bestia", "Bestias", "f")),
    "cat": _sub(("Chat", "Chats", "m"), ("Felino", "Felinos", "m")),
    "centaur": _sub(("Centaure", "Centaures", "m"), ("Centauro", "Centauros", "m")),
    "cleric": _sub(("Clerc", "Clercs", "m"), ("Clérigo", "Clérigos", "m")),
    "construct": _sub(("Construction", "Constructions", "f"), ("Constructo", "Constructos", "m")),
    "demon": _sub(("Démon", "Démons", "m"), ("Demonio", "Demonios", "m")),
    "dinosaur": _sub(("Dinosaure", "Dinosaures", "m"), ("Dinosaurio", "Dinosaurios", "m")),
    "dragon": _sub(("Dragon", "Dragons", "m"), ("Dragón", "Dragones", "m")),
    "dwarf": _sub(("Nain", "Nains", "m"), ("Enano", "Enanos", "m")),
    "elemental": _sub(("Élémental", "Élémentaux", "m"), ("Elemental", "Elementales", "m")),
    "elf": _sub(("Elfe", "Elfes", "m"), ("Elfo", "Elfos", "m")),
    "giant": _sub(("Géant", "Géants", "m"), ("Gigante", "Gigantes", "m")),
    "goblin": _sub(("Gobelin", "Gobelins", "m"), ("Trasgo", "Trasgos", "m")),
    "golem": _sub(("Golem", "Golems", "m"), ("Gólem", "Gólems", "m")),
    "horror": _sub(("Horreur", "Horreurs", "f"), ("Horror", "Horrores", "m")),
    "human": _sub(("Humain", "Humains", "m"), ("Humano", "Humanos", "m")),
    "insect": _sub(("Insecte", "Insectes", "m"), ("Insecto", "Insectos", "m")),
    "kavu": _sub(("Kavru", "Kavrus", "m"), ("Kavu", "Kavus", "m")),
    "knight": _sub(("Chevalier", "Chevaliers", "m"), ("Caballero", "Caballeros", "m")),
    "merfolk": _sub(("Ondin", "Ondins", "m"), ("Tritón", "Tritones", "m")),
    "minotaur": _sub(("Minotaure", "Minotaures", "m"), ("Minotauro", "Minotauros", "m")),
    "ogre": _sub(("Ogre", "Ogres", "m"), ("Ogro", "Ogros", "m")),
    "orc": _sub(("Orque", "Orques", "m"), ("Orco", "Orcos", "m")),
    "plant": _sub(("Plante", "Plantes", "f"), ("Planta", "Plantas", "f")),
    "rogue": _sub(("Gredin", "Gredins", "m"), ("Pícaro", "Pícaros", "m")),
    "shaman": _sub(("Shamane", "Shamanes", "m"), ("Chamán", "Chamanes", "m")),
    "skeleton": _sub(("Squelette", "Squelettes", "m"), ("Esqueleto", "Esqueletos", "m")),
    "sliver": _sub(("Slivoïde", "Slivoïdes", "m"), ("Fragmentado", "Fragmentados", "m")),
    "soldier": _sub(("Soldat", "Soldats", "m"), ("Soldado", "Soldados", "m")),
    "spirit": _sub(("Esprit", "Esprits", "m"), ("Espíritu", "Espíritus", "m")),
    "treefolk": _sub(("Sylvin", "Sylvins", "m"), ("Silvano", "Silvanos", "m")),
    "vampire": _sub(("Vampire", "Vampires", "m"), ("Vampiro", "Vampiros", "m")),
    "wall": _sub(("Mur", "Murs", "m"), ("Muro", "Muros", "m")),
    "warrior": _sub(("Guerrier", "Guerriers", "m"), ("Guerrero", "Guerreros", "m")),
    "werewolf": _sub(("Loup-garou", "Loups-garous", "m"), ("Hombre lobo", "Hombres lobo", "m")),
    "wizard": _sub(("Sorcier", "Sorciers", "m"), ("Hechicero", "Hechiceros", "m")),
    "wolf": _sub(("Loup", "Loups", "m"), ("Lobo", "Lobos", "m")),
    "zombie": _sub(("Zombie", "Zombies", "m"), ("Zombie", "Zombies", "m")),
}

# English plurals that don't add -s / -es.
_ENGLISH_PLURALS = {
    "elf": "elves",
    "dwarf": "dwarves",
    "wolf": "wolves",
    "werewolf": "werewolves",
    "merfolk": "merfolk",
    "treefolk": "treefolk",
    "moonfolk": "moonfolk",
    "kithkin": "kithkin",
    "kor": "kor",
    "plains": "plains",
    "sheep": "sheep",
    "ox": "oxen",
    "mouse": "mice",
    "fungus": "fungi",
    "homunculus": "homunculi",
    "cyclops": "cyclopes",
}


def english_subtype(subtype: str) -> Word:
    """An English subtype as printed ("Wall", "Walls"; "Elf", "Elves")."""
    word = subtype.strip().lower()
    if word in _ENGLISH_PLURALS:
        plural = _ENGLISH_PLURALS[word]
    elif word.endswith(("s", "x", "ch", "sh")):
        plural = word + "es"
    elif word.endswith("y") and word[-2:-1] not in tuple("aeiou"):
        plural = word[:-1] + "ies"
    else:
        plural = word + "s"
    return Word(word.title(), plural.title())


# Keywords as a sentence names them: English "has flying"; French with its article ("a le vol", "a défenseur",
# CR 702.3b); Spanish after "la habilidad de". Fixed texts that are not keywords are quoted.
KEYWORDS: dict[Keyword, dict[Lang, str]] = {
    Keyword.FLYING: {"en": "flying", "fr": "le vol", "es": "volar"},
    Keyword.REACH: {"en": "reach", "fr": "la portée", "es": "alcance"},
    Keyword.SHADOW: {"en": "shadow", "fr": "la distorsion", "es": "desvanecerse"},
    # Spanish: not verified (Portal Three Kingdoms was not printed in Spanish); the English keyword is kept as a gloss.
    Keyword.HORSEMANSHIP: {"en": "horsemanship", "fr": "l'équitation", "es": "equitación (horsemanship)"},
    Keyword.FEAR: {"en": "fear", "fr": "la peur", "es": "inspirar temor"},
    Keyword.INTIMIDATE: {"en": "intimidate", "fr": "l'intimidation", "es": "intimidar"},
    Keyword.MENACE: {"en": "menace", "fr": "la menace", "es": "amenaza"},
    Keyword.SKULK: {"en": "skulk", "fr": "la furtivité", "es": "escurridizo"},
    Keyword.DEFENDER: {"en": "defender", "fr": "défenseur", "es": "defensor"},
    Keyword.HASTE: {"en": "haste", "fr": "la célérité", "es": "prisa"},
    Keyword.BANDING: {"en": "banding", "fr": "le regroupement", "es": "agrupar"},
    Keyword.VIGILANCE: {"en": "vigilance", "fr": "la vigilance", "es": "vigilancia"},
    Keyword.FIRST_STRIKE: {"en": "first strike", "fr": "l'initiative", "es": "dañar primero"},
    Keyword.DOUBLE_STRIKE: {"en": "double strike", "fr": "la double initiative", "es": "dañar dos veces"},
    Keyword.DEATHTOUCH: {"en": "deathtouch", "fr": "le contact mortel", "es": "toque mortal"},
    Keyword.TRAMPLE: {"en": "trample", "fr": "le piétinement", "es": "arrollar"},
    Keyword.TRAMPLE_OVER_PLANESWALKERS: {
        "en": "trample over planeswalkers",
        "fr": "le piétinement au-delà des planeswalkers",
        "es": "arrollar sobre planeswalkers",
    },
    Keyword.LIFELINK: {"en": "lifelink", "fr": "le lien de vie", "es": "vínculo vital"},
    Keyword.INFECT: {"en": "infect", "fr": "l'infection", "es": "infectar"},
    Keyword.WITHER: {"en": "wither", "fr": "la flétrissure", "es": "marchitar"},
    Keyword.MAY_ASSIGN_DAMAGE_AS_THOUGH_UNBLOCKED: {
        "en": "“may assign its combat damage as though it weren't blocked”",
        "fr": "« peut assigner ses blessures de combat comme si elle n'était pas bloquée »",
        "es": "«puede asignar su daño de combate como si no estuviera bloqueada»",
    },
    Keyword.INDESTRUCTIBLE: {"en": "indestructible", "fr": "l'indestructible", "es": "indestructible"},
    Keyword.HEXPROOF: {"en": "hexproof", "fr": "la défense talismanique", "es": "antimaleficio"},
    Keyword.WARD: {"en": "ward", "fr": "la garde", "es": "custodia"},
    Keyword.FLASH: {"en": "flash", "fr": "le flash", "es": "destello"},
    # Keywords of combat triggers: the trigger catalog (combat/wordings) names them from here. Checked against printed
    # French and Spanish cards (docs/translations.md gives the card for each); "not verified" where none was found.
    Keyword.FLANKING: {"en": "flanking", "fr": "le débordement", "es": "flanquear"},
    Keyword.EXALTED: {"en": "exalted", "fr": "l'exaltation", "es": "exaltado"},
    Keyword.BATTLE_CRY: {"en": "battle cry", "fr": "le cri de guerre", "es": "grito de batalla"},
    Keyword.MYRIAD: {"en": "myriad", "fr": "la myriade", "es": "miríada"},
    Keyword.MELEE: {"en": "melee", "fr": "la mêlée", "es": "refriega"},  # es: not verified
    Keyword.DETHRONE: {"en": "dethrone", "fr": "le détrônement", "es": "destronar"},  # fr, es: not verified
    Keyword.PROVOKE: {"en": "provoke", "fr": "la provocation", "es": "provocar"},
    Keyword.TRAINING: {"en": "training", "fr": "l'entraînement", "es": "entrenamiento"},  # es: not verified
    Keyword.MENTOR: {"en": "mentor", "fr": "le mentor", "es": "mentor"},
    Keyword.CANT_BE_BLOCKED: {
        "en": "“can't be blocked”",
        "fr": "« ne peut pas être bloquée »",
        "es": "«no puede ser bloqueada»",
    },
    Keyword.CANT_BE_BLOCKED_UNLESS_ALL_BLOCK_IT: {
        "en": "“can't be blocked unless all creatures defending player controls block it”",
        "fr": "« ne peut pas être bloquée à moins que toutes les créatures que le joueur défenseur contrôle ne la "
        "bloquent »",
        "es": "«no puede ser bloqueada a menos que todas las criaturas que controla el jugador defensor la bloqueen»",
    },
    Keyword.CANT_BE_BLOCKED_WHILE_ATTACKING_ALONE: {
        "en": "“can't be blocked as long as it's attacking alone”",
        "fr": "« ne peut pas être bloquée tant qu'elle attaque seule »",
        "es": "«no puede ser bloqueada mientras ataque sola»",
    },
    Keyword.CANT_BLOCK: {"en": "“can't block”", "fr": "« ne peut pas bloquer »", "es": "«no puede bloquear»"},
    Keyword.CANT_BLOCK_ALONE: {
        "en": "“can't block alone”",
        "fr": "« ne peut pas bloquer seule »",
        "es": "«no puede bloquear sola»",
    },
    Keyword.CAN_BLOCK_ANY_NUMBER: {
        "en": "“can block any number of creatures”",
        "fr": "« peut bloquer n'importe quel nombre de créatures »",
        "es": "«puede bloquear cualquier número de criaturas»",
    },
    Keyword.CAN_BLOCK_SHADOW: {
        "en": "“can block creatures with shadow as though they didn't have shadow”",
        "fr": "« peut bloquer les créatures avec la distorsion comme si elles ne l'avaient pas »",
        "es": "«puede bloquear criaturas con la habilidad de desvanecerse como si no la tuvieran»",
    },
    Keyword.CAN_BLOCK_AS_THOUGH_UNTAPPED: {
        "en": "“can block as though it were untapped”",
        "fr": "« peut bloquer comme si elle était dégagée »",
        "es": "«puede bloquear como si estuviera enderezada»",
    },
    Keyword.BLOCKS_EACH_COMBAT_IF_ABLE: {
        "en": "“blocks each combat if able”",
        "fr": "« bloque à chaque combat si possible »",
        "es": "«bloquea cada combate si puede»",
    },
    Keyword.MUST_BE_BLOCKED_IF_ABLE: {
        "en": "“must be blocked if able”",
        "fr": "« doit être bloquée si possible »",
        "es": "«debe ser bloqueada si es posible»",
    },
    Keyword.MUST_BE_BLOCKED_BY_EXACTLY_ONE_IF_ABLE: {
        "en": "“must be blocked by exactly one creature if able”",
        "fr": "« doit être bloquée par exactement une créature si possible »",
        "es": "«debe ser bloqueada por exactamente una criatura si es posible»",
    },
    Keyword.ALL_ABLE_MUST_BLOCK_IT: {
        "en": "“all creatures able to block it do so”",
        "fr": "« toutes les créatures capables de la bloquer le font »",
        "es": "«todas las criaturas que puedan bloquearla lo hacen»",
    },
    Keyword.CANT_ATTACK: {"en": "“can't attack”", "fr": "« ne peut pas attaquer »", "es": "«no puede atacar»"},
    Keyword.CANT_ATTACK_ALONE: {
        "en": "“can't attack alone”",
        "fr": "« ne peut pas attaquer seule »",
        "es": "«no puede atacar sola»",
    },
    Keyword.CAN_ONLY_ATTACK_ALONE: {
        "en": "“can only attack alone”",
        "fr": "« ne peut attaquer que seule »",
        "es": "«solo puede atacar sola»",
    },
    Keyword.ATTACKS_EACH_COMBAT_IF_ABLE: {
        "en": "“attacks each combat if able”",
        "fr": "« attaque à chaque combat si possible »",
        "es": "«ataca cada combate si puede»",
    },
    Keyword.WHENEVER_DEALS_COMBAT_DAMAGE: {
        "en": "“whenever this creature deals combat damage”",
        "fr": "« à chaque fois que cette créature inflige des blessures de combat »",
        "es": "«siempre que esta criatura haga daño de combate»",
    },
    Keyword.WHENEVER_DEALS_COMBAT_DAMAGE_TO_A_PLAYER: {
        "en": "“whenever this creature deals combat damage to a player”",
        "fr": "« à chaque fois que cette créature inflige des blessures de combat à un joueur »",
        "es": "«siempre que esta criatura haga daño de combate a un jugador»",
    },
    Keyword.WHENEVER_DEALS_COMBAT_DAMAGE_TO_AN_OPPONENT: {
        "en": "“whenever this creature deals combat damage to an opponent”",
        "fr": "« à chaque fois que cette créature inflige des blessures de combat à un adversaire »",
        "es": "«siempre que esta criatura haga daño de combate a un oponente»",
    },
    Keyword.WHENEVER_DEALS_COMBAT_DAMAGE_TO_A_CREATURE: {
        "en": "“whenever this creature deals combat damage to a creature”",
        "fr": "« à chaque fois que cette créature inflige des blessures de combat à une créature »",
        "es": "«siempre que esta criatura haga daño de combate a una criatura»",
    },
    Keyword.WHENEVER_IS_DEALT_DAMAGE: {
        "en": "“whenever this creature is dealt damage”",
        "fr": "« à chaque fois que des blessures sont infligées à cette créature »",
        "es": "«siempre que se haga daño a esta criatura»",
    },
    Keyword.WHENEVER_CREATURES_YOU_CONTROL_DEAL_COMBAT_DAMAGE_TO_A_PLAYER: {
        "en": "“whenever one or more creatures you control deal combat damage to a player”",
        "fr": "« à chaque fois qu'une ou plusieurs créatures que vous contrôlez infligent des blessures de combat à "
        "un joueur »",
        "es": "«siempre que una o más criaturas que controlas hagan daño de combate a un jugador»",
    },
    Keyword.WHENEVER_A_CREATURE_IT_DAMAGED_DIES: {
        "en": "“whenever a creature dealt damage by this creature this turn dies”",
        "fr": "« à chaque fois qu'une créature à laquelle cette créature a infligé des blessures ce tour-ci meurt »",
        "es": "«siempre que una criatura a la que esta criatura hizo daño este turno muera»",
    },
    Keyword.WHENEVER_ATTACKS: {
        "en": "“whenever this creature attacks”",
        "fr": "« à chaque fois que cette créature attaque »",
        "es": "«siempre que esta criatura ataque»",
    },
    Keyword.WHENEVER_ATTACKS_ALONE: {
        "en": "“whenever this creature attacks alone”",
        "fr": "« à chaque fois que cette créature attaque seule »",
        "es": "«siempre que esta criatura ataque sola»",
    },
    Keyword.WHENEVER_ATTACKS_AND_ISNT_BLOCKED: {
        "en": "“whenever this creature attacks and isn't blocked”",
        "fr": "« à chaque fois que cette créature attaque et n'est pas bloquée »",
        "es": "«siempre que esta criatura ataque y no sea bloqueada»",
    },
    Keyword.WHENEVER_ATTACKS_A_PLAYER_AND_ISNT_BLOCKED: {
        "en": "“whenever this creature attacks a player and isn't blocked”",
        "fr": "« à chaque fois que cette créature attaque un joueur et n'est pas bloquée »",
        "es": "«siempre que esta criatura ataque a un jugador y no sea bloqueada»",
    },
    Keyword.WHENEVER_IT_AND_ANOTHER_ATTACK_DIFFERENT_PLAYERS: {
        "en": "“whenever this creature and another creature attack different players”",
        "fr": "« à chaque fois que cette créature et une autre créature attaquent des joueurs différents »",
        "es": "«siempre que esta criatura y otra criatura ataquen a jugadores diferentes»",
    },
    Keyword.WHENEVER_ATTACKS_OR_BLOCKS: {
        "en": "“whenever this creature attacks or blocks”",
        "fr": "« à chaque fois que cette créature attaque ou bloque »",
        "es": "«siempre que esta criatura ataque o bloquee»",
    },
    Keyword.WHENEVER_BLOCKS: {
        "en": "“whenever this creature blocks”",
        "fr": "« à chaque fois que cette créature bloque »",
        "es": "«siempre que esta criatura bloquee»",
    },
    Keyword.WHENEVER_BLOCKS_A_CREATURE: {
        "en": "“whenever this creature blocks a creature”",
        "fr": "« à chaque fois que cette créature bloque une créature »",
        "es": "«siempre que esta criatura bloquee a una criatura»",
    },
    Keyword.WHENEVER_BECOMES_BLOCKED: {
        "en": "“whenever this creature becomes blocked”",
        "fr": "« à chaque fois que cette créature devient bloquée »",
        "es": "«siempre que esta criatura sea bloqueada»",
    },
    Keyword.WHENEVER_BECOMES_BLOCKED_BY_A_CREATURE: {
        "en": "“whenever this creature becomes blocked by a creature”",
        "fr": "« à chaque fois que cette créature devient bloquée par une créature »",
        "es": "«siempre que esta criatura sea bloqueada por una criatura»",
    },
    Keyword.WHENEVER_BLOCKS_OR_BECOMES_BLOCKED: {
        "en": "“whenever this creature blocks or becomes blocked”",
        "fr": "« à chaque fois que cette créature bloque ou devient bloquée »",
        "es": "«siempre que esta criatura bloquee o sea bloqueada»",
    },
    Keyword.WHENEVER_BLOCKS_OR_BECOMES_BLOCKED_BY_A_CREATURE: {
        "en": "“whenever this creature blocks or becomes blocked by a creature”",
        "fr": "« à chaque fois que cette créature bloque ou devient bloquée par une créature »",
        "es": "«siempre que esta criatura bloquee o sea bloqueada por una criatura»",
    },
    Keyword.WHENEVER_YOU_ATTACK: {
        "en": "“whenever you attack”",
        "fr": "« à chaque fois que vous attaquez »",
        "es": "«siempre que ataques»",
    },
}


# Keywords with a number (models/trigger_abilities.py), by their snapshot name: names as printed, without article
# ("Sauvagerie 3", "Afligir 3"). Checked against printed cards like those above; Spanish "desenfreno" is not verified.
NUMBERED_KEYWORDS: dict[str, dict[Lang, str]] = {
    "rampage": {"en": "rampage", "fr": "sauvagerie", "es": "desenfreno"},
    "bushido": {"en": "bushido", "fr": "bushido", "es": "bushido"},
    "afflict": {"en": "afflict", "fr": "affliction", "es": "afligir"},
    "frenzy": {"en": "frenzy", "fr": "frénésie", "es": "frenesí"},
    "annihilator": {"en": "annihilator", "fr": "annihilateur", "es": "aniquilador"},
}

_FRENCH_ARTICLES = ("le ", "la ", "l'")


def keyword(word: str, lang: Lang) -> str:
    """A keyword as a sentence names it: "flying", "le vol", "volar"."""
    return KEYWORDS[Keyword(word)][lang]


def keyword_name(word: str, lang: Lang) -> str:
    """A keyword's name as cards print it, without the article a French sentence gives it: "débordement",
    "sauvagerie" (a keyword with a number, by its snapshot name), "« ne peut pas bloquer »"."""
    if word in NUMBERED_KEYWORDS:
        return NUMBERED_KEYWORDS[word][lang]
    text = keyword(word, lang)
    if lang == "fr":
        article = next((a for a in _FRENCH_ARTICLES if text.startswith(a)), "")
        return text[len(article) :]
    return text


def keyword_message(word: str) -> Message:
    """A keyword's names as a message (the trigger catalog's "name"); a keyword with a number has "{n}"."""
    suffix = " {n}" if word in NUMBERED_KEYWORDS else ""
    return Message(*(keyword_name(word, lang) + suffix for lang in ("en", "fr", "es")))


def is_quoted(word: str) -> bool:
    """Whether a keyword's name is a quoted text rather than a keyword ("can't block")."""
    return KEYWORDS[Keyword(word)]["en"].startswith("“")
