"""The input problems our own code finds, in English, French and Spanish: one `Message` per problem code.

An `InputProblem` carries its code and the values it names (ids, counts, field names); its English text is the
English template filled in (kept word for word as the CLI, the batch output and the docs print it), and `text(lang)`
fills in the French or Spanish one. Field paths and the values of the input are data: they stay as they are. The
messages of the schema (pydantic's and our validators') are in `schema_words.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..languages import Message, Plural, join
from .attachment_words import ATTACHMENT_TEXTS
from .question_problem_words import QUESTION_TEXTS

Param = str | int | Sequence[str]

PROBLEM_TEXTS: dict[str, Message] = {
    **ATTACHMENT_TEXTS,  # attached_to (models/attachments.py)
    **QUESTION_TEXTS,  # a judge's question that doesn't fit the snapshot (solver/questions.py)
    # -- references between objects (models/validation.py) ---------------------------------------------------------
    "duplicate_player": Message(
        "duplicate player id '{id}'",
        "identifiant de joueur en double : '{id}'",
        "identificador de jugador repetido: '{id}'",
    ),
    "not_a_player": Message(
        "'{id}' is not one of the players",
        "'{id}' n'est pas l'un des joueurs",
        "'{id}' no es uno de los jugadores",
    ),
    "team_for_every_player": Message(
        "{field} needs a team for every player",
        "{field} exige une équipe pour chaque joueur",
        "{field} exige un equipo para cada jugador",
    ),
    "mana_value_needed": Message(
        "needed: a filter on this board reads mana value (202.3), and only a land's is known (0)",
        "requise : un filtre de ce plateau lit la valeur de mana (202.3), et seule celle d'un terrain est connue (0)",
        "necesario: un filtro de este tablero lee el valor de maná (202.3), y solo se conoce el de una tierra (0)",
    ),
    "duplicate_id": Message(
        "duplicate id (also {other})",
        "identifiant en double (aussi {other})",
        "identificador repetido (también {other})",
    ),
    "id_of_a_player": Message(
        "the same id as a player",
        "le même identifiant qu'un joueur",
        "el mismo identificador que un jugador",
    ),
    "battle_needs_protector": Message(
        "a battle needs its protector (310.8)",
        "une bataille doit avoir un joueur qui la protège (310.8)",
        "una batalla necesita un jugador que la proteja (310.8)",
    ),
    "no_permanent": Message(
        "no permanent with id '{id}'",
        "aucun permanent n'a l'identifiant '{id}'",
        "ningún permanente tiene el identificador '{id}'",
    ),
    "no_player_or_permanent": Message(
        "no player or permanent '{id}'",
        "aucun joueur ni permanent '{id}'",
        "ningún jugador ni permanente '{id}'",
    ),
    "attack_proposed_in_declaration": Message(
        "in the {step} step, attacks are proposed in {field}",
        "à l'étape {step}, les attaques se proposent dans {field}",
        "en el paso {step}, los ataques se proponen en {field}",
    ),
    "no_attack_target": Message(
        "no player, planeswalker or battle with id '{id}'",
        "aucun joueur, planeswalker ou bataille n'a l'identifiant '{id}'",
        "ningún jugador, planeswalker ni batalla tiene el identificador '{id}'",
    ),
    "not_planeswalker_or_battle": Message(
        "'{id}' is neither a planeswalker nor a battle",
        "'{id}' n'est ni un planeswalker ni une bataille",
        "'{id}' no es ni un planeswalker ni una batalla",
    ),
    "attacker_not_active_player": Message(
        "only the active player's creatures attack; controller is '{controller}'",
        "seules les créatures du joueur actif attaquent ; son contrôleur est '{controller}'",
        "solo atacan las criaturas del jugador activo; su controlador es '{controller}'",
    ),
    "only_creatures_attack": Message(
        "only creatures can attack (506.3)",
        "seules les créatures peuvent attaquer (506.3)",
        "solo las criaturas pueden atacar (506.3)",
    ),
    "target_not_opponent": Message(
        "'{id}' is not an opponent's player, planeswalker or battle",
        "'{id}' n'est ni un adversaire, ni un planeswalker ou une bataille d'un adversaire",
        "'{id}' no es ni un oponente, ni un planeswalker o una batalla de un oponente",
    ),
    "chosen_needs_defending_player": Message(
        "{option} '{chosen}' needs the chosen {field}",
        "{option} '{chosen}' exige le joueur défenseur choisi ({field})",
        "{option} '{chosen}' exige el jugador defensor elegido ({field})",
    ),
    "defending_player_not_opponent": Message(
        "the defending player must be an opponent (506.2a)",
        "le joueur défenseur doit être un adversaire (506.2a)",
        "el jugador defensor debe ser un oponente (506.2a)",
    ),
    "not_an_attacking_creature": Message(
        "'{id}' is not an attacking creature",
        "'{id}' n'est pas une créature attaquante",
        "'{id}' no es una criatura atacante",
    ),
    "in_two_bands": Message(
        "'{id}' is in two bands",
        "'{id}' est dans deux bandes",
        "'{id}' está en dos bandas",
    ),
    "blocks_in_blockers_step": Message(
        "blocks are declared in the {step} step",
        "les blocages se déclarent à l'étape {step}",
        "los bloqueos se declaran en el paso {step}",
    ),
    "attacks_in_attackers_step": Message(
        "attacks are declared in the {step} step",
        "les attaques se déclarent à l'étape {step}",
        "los ataques se declaran en el paso {step}",
    ),
    "attacker_of_non_attacking_player": Message(
        "'{id}' is controlled by '{controller}', who is not attacking",
        "'{id}' est contrôlé par '{controller}', qui n'attaque pas",
        "'{id}' está controlado por '{controller}', que no ataca",
    ),
    "not_an_attack_target": Message(
        "'{id}' is neither a player, a planeswalker nor a battle (506.3)",
        "'{id}' n'est ni un joueur, ni un planeswalker, ni une bataille (506.3)",
        "'{id}' no es ni un jugador, ni un planeswalker, ni una batalla (506.3)",
    ),
    "blocker_of_non_defending_player": Message(
        "'{id}' is controlled by '{controller}', who is not a defending player",
        "'{id}' est contrôlé par '{controller}', qui n'est pas un joueur défenseur",
        "'{id}' está controlado por '{controller}', que no es un jugador defensor",
    ),
    "attacker_listed_twice": Message(
        "the same attacker is listed twice",
        "la même créature attaquante figure deux fois",
        "la misma criatura atacante figura dos veces",
    ),
    "not_attacking": Message(
        "'{id}' is not attacking",
        "'{id}' n'attaque pas",
        "'{id}' no está atacando",
    ),
    # -- a timeline's events (models/event_references.py, models/loading.py) ---------------------------------------
    "declaration_with_events": Message(
        "with {field}, the declarations are events: write '- {attackers}: {{{attacks}: ...}}' or "
        "'- {blockers}: {{{blocks}: ...}}' in {field}",
        "avec {field}, les déclarations sont des événements : écrivez '- {attackers}: {{{attacks}: ...}}' ou "
        "'- {blockers}: {{{blocks}: ...}}' dans {field}",
        "con {field}, las declaraciones son eventos: escribe '- {attackers}: {{{attacks}: ...}}' o "
        "'- {blockers}: {{{blocks}: ...}}' en {field}",
    ),
    "no_object": Message(
        "no permanent or player with id '{id}'",
        "aucun permanent ni joueur n'a l'identifiant '{id}'",
        "ningún permanente ni jugador tiene el identificador '{id}'",
    ),
    "id_already_used": Message(
        "'{id}' is already used; a permanent that enters is a new object and needs a new id",
        "'{id}' est déjà utilisé ; un permanent qui arrive est un nouvel objet et doit avoir un nouvel identifiant",
        "'{id}' ya está en uso; un permanente que entra es un objeto nuevo y necesita un identificador nuevo",
    ),
    "entering_says_attacking": Message(
        "say what it attacks in the event's '{field}'",
        "indiquez ce qu'il attaque dans le champ '{field}' de l'événement",
        "indica lo que ataca en el campo '{field}' del evento",
    ),
    "timeline_not_one_declaration": Message(
        "a combat timeline, whose declarations are events: follow it with `{command}`; to judge one declaration, "
        "give `{declaration}` instead of `{events}`",
        "un déroulement de combat, dont les déclarations sont des événements : suivez-le avec `{command}` ; pour "
        "juger une déclaration, donnez `{declaration}` au lieu de `{events}`",
        "un desarrollo de combate, cuyas declaraciones son eventos: síguelo con `{command}`; para juzgar una "
        "declaración, da `{declaration}` en lugar de `{events}`",
    ),
    # -- reading the text (models/loading.py, limits.py) -----------------------------------------------------------
    "not_a_mapping": Message(
        "a snapshot is a mapping (JSON object) at the top level",
        "au premier niveau, une situation est un dictionnaire (objet JSON)",
        "en el nivel superior, una situación es un diccionario (objeto JSON)",
    ),
    "file_name_as_text": Message(
        "a snapshot is a mapping (JSON object) at the top level, and this text is the file name '{name}': read "
        "the file with {read} or {load}",
        "au premier niveau, une situation est un dictionnaire (objet JSON), et ce texte est le nom de fichier "
        "'{name}' : lisez le fichier avec {read} ou {load}",
        "en el nivel superior, una situación es un diccionario (objeto JSON), y este texto es el nombre de archivo "
        "'{name}': lee el archivo con {read} o {load}",
    ),
    "malformed": Message(
        "malformed YAML/JSON: {problem}",
        "YAML/JSON mal formé (selon l'analyseur : {problem})",
        "YAML/JSON mal formado (según el analizador: {problem})",
    ),
    "unreadable_file": Message(
        "{problem}",
        "lecture impossible (selon le système : {problem})",
        "no se puede leer (según el sistema: {problem})",
    ),
    # The English line is the system's own text (strerror); these English templates are what it usually says.
    "no_such_file": Message(
        "No such file or directory",
        "ce fichier n'existe pas",
        "este archivo no existe",
    ),
    "is_a_directory": Message(
        "Is a directory",
        "c'est un dossier, pas un fichier",
        "es una carpeta, no un archivo",
    ),
    "permission_denied": Message(
        "Permission denied",
        "lecture non autorisée",
        "lectura no permitida",
    ),
    "input_too_large": Message(
        "the input is larger than {limit} bytes",
        "l'entrée dépasse {limit} octets",
        "la entrada supera los {limit} bytes",
    ),
    "not_utf8": Message(
        "not UTF-8 text (byte {byte} at line {line}, byte {column} of the line)",
        "ce n'est pas du texte UTF-8 (octet {byte} à la ligne {line}, octet {column} de la ligne)",
        "no es texto UTF-8 (byte {byte} en la línea {line}, byte {column} de la línea)",
    ),
    "too_deep": Message(
        "nested more than {depth} levels deep",
        "imbriqué sur plus de {depth} niveaux",
        "anidado en más de {depth} niveles",
    ),
    "recursive_alias": Message(
        "refers to itself (a recursive YAML alias)",
        "se contient lui-même (un alias YAML récursif)",
        "se contiene a sí mismo (un alias YAML recursivo)",
    ),
    "too_many_values": Message(
        "more than {count} values once YAML aliases are expanded",
        "plus de {count} valeurs une fois les alias YAML développés",
        "más de {count} valores una vez expandidos los alias YAML",
    ),
    "integer_too_long": Message(
        "an integer of {digits} digits; integers lie between {min} and {max}",
        "un entier de {digits} chiffres ; les entiers sont compris entre {min} et {max}",
        "un entero de {digits} cifras; los enteros están entre {min} y {max}",
    ),
    "integer_out_of_range": Message(
        "the integer {value} is out of range ({min} to {max})",
        "l'entier {value} est hors limites (de {min} à {max})",
        "el entero {value} está fuera de rango (de {min} a {max})",
    ),
    "key_not_text": Message(
        "a mapping or a list cannot be a mapping key",
        "un dictionnaire ou une liste ne peut pas être une clé de dictionnaire",
        "un diccionario o una lista no puede ser una clave de diccionario",
    ),
    "yaml_type": Message(
        "a YAML {kind} is not a value this format uses; quote it to make it text",
        "un {kind} YAML n'est pas une valeur de ce format ; mettez-le entre guillemets pour en faire du texte",
        "un {kind} de YAML no es un valor de este formato; entrecomíllalo para que sea texto",
    ),
    "text_too_long": Message(
        "text of {length} characters; the limit is {limit}",
        "un texte de {length} caractères ; la limite est {limit}",
        "un texto de {length} caracteres; el límite es {limit}",
    ),
    "unpaired_surrogate": Message(
        "not valid Unicode text: an unpaired surrogate ({char}) at character {position}",
        "ce n'est pas du texte Unicode valide : un demi-codet isolé ({char}) au caractère {position}",
        "no es texto Unicode válido: un sustituto suelto ({char}) en el carácter {position}",
    ),
    "control_character": Message(
        "a control character ({char}) at character {position}; names and ids are one line",
        "un caractère de contrôle ({char}) au caractère {position} ; noms et identifiants tiennent sur une ligne",
        "un carácter de control ({char}) en el carácter {position}; nombres e identificadores son de una línea",
    ),
    # -- an event that cannot happen where it is written (combat/: the timeline) ------------------------------------
    "new_combat_during_combat": Message(
        "a new combat phase begins only once this one has ended ({step})",
        "une nouvelle phase de combat ne commence qu'une fois celle-ci terminée ({step})",
        "una nueva fase de combate solo empieza cuando esta ha terminado ({step})",
    ),
    "skip_during_combat": Message(
        "a combat phase can be skipped only before it begins, not during combat",
        "une phase de combat ne peut être passée qu'avant son début, pas pendant le combat",
        "una fase de combate solo puede saltarse antes de empezar, no durante el combate",
    ),
    "damage_outside_combat": Message(
        "combat damage happens during a combat phase; begin one with {step}",
        "les blessures de combat ont lieu pendant une phase de combat ; commencez-en une avec {step}",
        "el daño de combate ocurre durante una fase de combate; empieza una con {step}",
    ),
    "blockers_first": Message(
        "blockers are declared first: write {step} (an empty one is {{}})",
        "les bloqueurs se déclarent d'abord : écrivez {step} (vide : {{}})",
        "los bloqueadores se declaran primero: escribe {step} (vacío: {{}})",
    ),
    "attackers_first": Message(
        "attackers are declared first: write {step} (an empty one is {{}})",
        "les attaquants se déclarent d'abord : écrivez {step} (vide : {{}})",
        "los atacantes se declaran primero: escribe {step} (vacío: {{}})",
    ),
    "attackers_first_short": Message(
        "attackers are declared first", "les attaquants se déclarent d'abord", "los atacantes se declaran primero"
    ),
    "no_attackers_no_damage": Message(
        "no creature attacked: the combat damage step is skipped (508.8)",
        "aucune créature n'a attaqué : l'étape des blessures de combat est passée (508.8)",
        "ninguna criatura atacó: el paso de daño de combate se salta (508.8)",
    ),
    "no_attackers_no_blockers": Message(
        "no creature attacked: the declare blockers step is skipped (508.8)",
        "aucune créature n'a attaqué : l'étape de déclaration des bloqueurs est passée (508.8)",
        "ninguna criatura atacó: el paso de declarar bloqueadores se salta (508.8)",
    ),
    "toughness_needed": Message(
        "'{id}' may be assigned combat damage: give its toughness (lethal damage, 510.1c-d)",
        "'{id}' peut recevoir des blessures de combat : indiquez son endurance (blessures mortelles, 510.1c-d)",
        "'{id}' puede recibir daño de combate: indica su resistencia (daño letal, 510.1c-d)",
    ),
    "loyalty_needed": Message(
        "'{id}' is attacked by a creature with trample over planeswalkers: give its loyalty (702.19c)",
        "'{id}' est attaqué par une créature avec le piétinement au-delà des planeswalkers : indiquez sa loyauté "
        "(702.19c)",
        "'{id}' es atacado por una criatura con arrollar sobre planeswalkers: indica su lealtad (702.19c)",
    ),
    "shield_which_source": Message(
        "several creatures deal damage to '{id}': say which damage the shield prevents, e.g. {{{example}: 1}} (615.7)",
        "plusieurs créatures infligent des blessures à '{id}' : dites quelles blessures le bouclier prévient, par "
        "ex. {{{example}: 1}} (615.7)",
        "varias criaturas hacen daño a '{id}': di qué daño previene el escudo, p. ej. {{{example}: 1}} (615.7)",
    ),
    "no_further_damage": Message(
        "there is no further combat damage step in this combat phase",
        "il n'y a plus d'étape de blessures de combat dans cette phase de combat",
        "no hay más pasos de daño de combate en esta fase de combate",
    ),
    "end_outside_combat": Message(
        "the end of combat step is part of a combat phase; begin one first",
        "l'étape de fin de combat fait partie d'une phase de combat ; commencez-en une d'abord",
        "el paso final del combate es parte de una fase de combate; empieza una primero",
    ),
    "end_already": Message(
        "the end of combat step has already begun",
        "l'étape de fin de combat a déjà commencé",
        "el paso final del combate ya ha empezado",
    ),
    "postcombat_outside": Message(
        "{step} follows a combat phase", "{step} suit une phase de combat", "{step} sigue a una fase de combate"
    ),
    "additional_combat": Message(
        "an additional combat phase begins with {step} (500.8)",
        "une phase de combat supplémentaire commence par {step} (500.8)",
        "una fase de combate adicional empieza con {step} (500.8)",
    ),
    "attackers_once": Message(
        "attackers are declared once per combat phase, at the start of its declare attackers step; an additional "
        "combat phase begins with {step}",
        "les attaquants se déclarent une fois par phase de combat, au début de son étape de déclaration des "
        "attaquants ; une phase de combat supplémentaire commence par {step}",
        "los atacantes se declaran una vez por fase de combate, al principio de su paso de declarar atacantes; "
        "una fase de combate adicional empieza con {step}",
    ),
    "blockers_before_attackers": Message(
        "blockers are declared before attackers are declared",
        "les bloqueurs se déclarent après les attaquants",
        "los bloqueadores se declaran después de los atacantes",
    ),
    "blockers_once": Message(
        "blockers are declared once per combat phase, at the start of its declare blockers step",
        "les bloqueurs se déclarent une fois par phase de combat, au début de son étape de déclaration des bloqueurs",
        "los bloqueadores se declaran una vez por fase de combate, al principio de su paso de declarar bloqueadores",
    ),
    "after_attackers_declared": Message(
        "this happens during combat, once attackers are declared",
        "cela a lieu pendant le combat, une fois les attaquants déclarés",
        "esto ocurre durante el combate, una vez declarados los atacantes",
    ),
    "after_blockers_declared": Message(
        "this happens during combat, once blockers are declared",
        "cela a lieu pendant le combat, une fois les bloqueurs déclarés",
        "esto ocurre durante el combate, una vez declarados los bloqueadores",
    ),
    "not_opponent_of_attacker": Message(
        "'{id}' is not an opponent of the attacking player",
        "'{id}' n'est pas un adversaire du joueur attaquant",
        "'{id}' no es un oponente del jugador atacante",
    ),
    "not_defending_this_combat": Message(
        "'{id}' is not a defending player this combat (506.2, 508.4)",
        "'{id}' n'est pas un joueur défenseur dans ce combat (506.2, 508.4)",
        "'{id}' no es un jugador defensor en este combate (506.2, 508.4)",
    ),
    "blocker_of_attacking_player": Message(
        "'{id}' is controlled by '{controller}', who is attacking: it can't block",
        "'{id}' est contrôlé par '{controller}', qui attaque : il ne peut pas bloquer",
        "'{id}' está controlado por '{controller}', que ataca: no puede bloquear",
    ),
    "order_before_blocks": Message(
        "damage assignment orders are announced once blockers are declared (509.2)",
        "les ordres d'attribution des blessures s'annoncent une fois les bloqueurs déclarés (509.2)",
        "los órdenes de asignación de daño se anuncian una vez declarados los bloqueadores (509.2)",
    ),
    "phased_out": Message("'{id}' is phased out", "'{id}' est hors-phase", "'{id}' está fuera de fase"),
    "not_on_battlefield": Message(
        "'{id}' is not on the battlefield at this point",
        "'{id}' n'est pas sur le champ de bataille à ce moment",
        "'{id}' no está en el campo de batalla en este momento",
    ),
    # -- the size a check takes on (solver/budget.py) ---------------------------------------------------------------
    "too_many_blocks": Message(
        "the board is too large to check: {actors} potential blockers and {targets} attackers make {count} possible "
        "blocks; the limit is {limit} ({doc})",
        "la situation est trop grande pour être vérifiée : {actors} bloqueurs potentiels et {targets} attaquants "
        "font {count} blocages possibles ; la limite est {limit} ({doc})",
        "la situación es demasiado grande para comprobarla: {actors} bloqueadores posibles y {targets} atacantes "
        "dan {count} bloqueos posibles; el límite es {limit} ({doc})",
    ),
    "too_many_attacks": Message(
        "the board is too large to check: {actors} creatures and {targets} attack targets make {count} possible "
        "attacks; the limit is {limit} ({doc})",
        "la situation est trop grande pour être vérifiée : {actors} créatures et {targets} cibles d'attaque "
        "font {count} attaques possibles ; la limite est {limit} ({doc})",
        "la situación es demasiado grande para comprobarla: {actors} criaturas y {targets} objetivos de ataque "
        "dan {count} ataques posibles; el límite es {limit} ({doc})",
    ),
    "too_many_atoms": Message(
        "the board is too large to check: its rules compile to more than {limit} conditions ({doc})",
        "la situation est trop grande pour être vérifiée : ses règles donnent plus de {limit} conditions ({doc})",
        "la situación es demasiado grande para comprobarla: sus reglas dan más de {limit} condiciones ({doc})",
    ),
}

_GROUPING = {"en": ",", "fr": "\u202f", "es": "\u202f"}  # thousands: 1,000,000 / 1 000 000 (narrow no-break space)


def shown(value: object, lang: str) -> str:
    """A value as a message shows it in `lang`: numbers grouped by thousands, a list joined with "or"."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        value = int(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return format(value, ",").replace(",", _GROUPING.get(lang, ","))
    if isinstance(value, float) and lang in ("fr", "es"):
        return str(value).replace(".", ",")  # 0,5
    if isinstance(value, (list, tuple)):
        return join(lang, [str(v) for v in value], "or")
    return str(value)


def render_message(message: Message, params: Mapping[str, object], lang: str) -> str | None:
    """`message` in `lang` with `params` filled in; None if they don't fit it (a missing value, a count that is not
    a number), so that the caller falls back to the English text it already has."""
    template = message.template(lang)
    if isinstance(template, Plural):
        count = params.get(template.on)
        if not isinstance(count, int):
            return None
        template = template.choose(lang, count)
    try:
        return template.format(**{key: shown(value, lang) for key, value in params.items()})
    except (KeyError, IndexError, ValueError):
        return None
