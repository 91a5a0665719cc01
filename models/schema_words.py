"""The schema's problems in English, French and Spanish: pydantic's error types, and our validators' own.

Every language, English too, is written here in our own words from the error's type and context (`ctx`), never
pydantic's ("Field required", "Extra inputs are not permitted", "Value error, ..."): `schema_problem_words` gives
the English text with the code and values. A validator of ours says which of its messages it raised with a `code` in its context (or,
for a `ValueError`, a `WordedValueError`). A type that is not here is shown in English.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from ..languages import Message, Plural
from .problem_words import render_message

_PYDANTIC: dict[str, Message] = {
    "missing": Message("required, and not given", "champ obligatoire", "campo obligatorio"),
    "extra_forbidden": Message(
        "no such field in this format", "ce champ n'existe pas dans ce format", "este campo no existe en este formato"
    ),
    "string_type": Message("text expected", "un texte est attendu", "se espera un texto"),
    "int_type": Message("a whole number expected", "un nombre entier est attendu", "se espera un número entero"),
    "int_parsing": Message(
        "a whole number expected (this text is not one)",
        "un nombre entier est attendu (ce texte n'en est pas un)",
        "se espera un número entero (este texto no lo es)",
    ),
    "int_from_float": Message(
        "a whole number expected, without a fractional part",
        "un nombre entier est attendu, sans partie décimale",
        "se espera un número entero, sin parte decimal",
    ),
    "float_type": Message("a number expected", "un nombre est attendu", "se espera un número"),
    "float_parsing": Message(
        "a number expected (this text is not one)",
        "un nombre est attendu (ce texte n'en est pas un)",
        "se espera un número (este texto no lo es)",
    ),
    "bool_type": Message("true or false expected", "true ou false est attendu", "se espera true o false"),
    "bool_parsing": Message(
        "true or false expected",
        "true ou false est attendu",
        "se espera true o false",
    ),
    "list_type": Message("a list expected", "une liste est attendue", "se espera una lista"),
    "tuple_type": Message("a list expected", "une liste est attendue", "se espera una lista"),
    "set_type": Message("a list expected", "une liste est attendue", "se espera una lista"),
    "frozen_set_type": Message("a list expected", "une liste est attendue", "se espera una lista"),
    "dict_type": Message("a mapping (key: value) expected", "un dictionnaire est attendu", "se espera un diccionario"),
    "model_type": Message(
        "a mapping (key: value) expected ({class_name})",
        "un dictionnaire est attendu ({class_name})",
        "se espera un diccionario ({class_name})",
    ),
    "model_attributes_type": Message(
        "a mapping (key: value) expected",
        "un dictionnaire est attendu",
        "se espera un diccionario",
    ),
    "literal_error": Message(
        "allowed values: {expected}", "valeurs permises : {expected}", "valores permitidos: {expected}"
    ),
    "enum": Message("allowed values: {expected}", "valeurs permises : {expected}", "valores permitidos: {expected}"),
    "none_required": Message(
        "no value is allowed here", "aucune valeur n'est permise ici", "aquí no se permite ningún valor"
    ),
    "string_too_short": Message(
        Plural(
            "min_length",
            "at least {min_length} character expected",
            "at least {min_length} characters expected",
            exact={1: "a non-empty text expected"},
        ),
        Plural(
            "min_length",
            "au moins {min_length} caractère est attendu",
            "au moins {min_length} caractères sont attendus",
            exact={1: "un texte non vide est attendu"},
        ),
        Plural(
            "min_length",
            "se espera al menos {min_length} carácter",
            "se esperan al menos {min_length} caracteres",
            exact={1: "se espera un texto no vacío"},
        ),
    ),
    "string_too_long": Message(
        Plural(
            "max_length",
            "at most {max_length} character allowed",
            "at most {max_length} characters allowed",
        ),
        Plural(
            "max_length",
            "au plus {max_length} caractère est permis",
            "au plus {max_length} caractères sont permis",
        ),
        Plural(
            "max_length",
            "se permite como máximo {max_length} carácter",
            "se permiten como máximo {max_length} caracteres",
        ),
    ),
    "string_pattern_mismatch": Message(
        "the text should follow the pattern '{pattern}'",
        "le texte doit suivre le modèle '{pattern}'",
        "el texto debe seguir el patrón '{pattern}'",
    ),
    "too_short": Message(
        Plural(
            "min_length",
            "at least {min_length} item expected, not {actual_length}",
            "at least {min_length} items expected, not {actual_length}",
        ),
        Plural(
            "min_length",
            "au moins {min_length} élément est attendu, pas {actual_length}",
            "au moins {min_length} éléments sont attendus, pas {actual_length}",
        ),
        Plural(
            "min_length",
            "se espera al menos {min_length} elemento, no {actual_length}",
            "se esperan al menos {min_length} elementos, no {actual_length}",
        ),
    ),
    "too_long": Message(
        Plural(
            "max_length",
            "at most {max_length} item allowed, not {actual_length}",
            "at most {max_length} items allowed, not {actual_length}",
        ),
        Plural(
            "max_length",
            "au plus {max_length} élément est permis, pas {actual_length}",
            "au plus {max_length} éléments sont permis, pas {actual_length}",
        ),
        Plural(
            "max_length",
            "se permite como máximo {max_length} elemento, no {actual_length}",
            "se permiten como máximo {max_length} elementos, no {actual_length}",
        ),
    ),
    "greater_than": Message(
        "a number greater than {gt} expected",
        "un nombre supérieur à {gt} est attendu",
        "se espera un número mayor que {gt}",
    ),
    "greater_than_equal": Message(
        "a number of {ge} or more expected",
        "un nombre supérieur ou égal à {ge} est attendu",
        "se espera un número mayor o igual que {ge}",
    ),
    "less_than": Message(
        "a number less than {lt} expected",
        "un nombre inférieur à {lt} est attendu",
        "se espera un número menor que {lt}",
    ),
    "less_than_equal": Message(
        "a number of {le} or less expected",
        "un nombre inférieur ou égal à {le} est attendu",
        "se espera un número menor o igual que {le}",
    ),
    "finite_number": Message("a finite number expected", "un nombre fini est attendu", "se espera un número finito"),
    "union_tag_invalid": Message(
        "'{tag}' ({discriminator}) is not one of the expected values: {expected_tags}",
        "'{tag}' ({discriminator}) n'est pas une des valeurs attendues : {expected_tags}",
        "'{tag}' ({discriminator}) no es uno de los valores esperados: {expected_tags}",
    ),
    "union_tag_not_found": Message(
        "{discriminator} not found",
        "impossible de trouver {discriminator}",
        "no se encuentra {discriminator}",
    ),
}

# Our validators' messages (models/costs.py, abilities.py, changes.py, effects.py, events.py, filters.py, ...).
_OURS: dict[str, Message] = {
    "literal_error_close": Message(
        "did you mean {close}? allowed values: {expected}",
        "vouliez-vous dire {close} ? valeurs permises : {expected}",
        "¿quisiste decir {close}? valores permitidos: {expected}",
    ),
    "enum_close": Message(
        "did you mean {close}? allowed values: {expected}",
        "vouliez-vous dire {close} ? valeurs permises : {expected}",
        "¿quisiste decir {close}? valores permitidos: {expected}",
    ),
    "extra_forbidden_close": Message(
        "no such field in this format; did you mean {close}?",
        "ce champ n'existe pas dans ce format ; vouliez-vous dire {close} ?",
        "este campo no existe en este formato; ¿quisiste decir {close}?",
    ),
    "cost_empty": Message("a cost can't be empty", "un coût ne peut pas être vide", "un coste no puede estar vacío"),
    "cost_brace": Message(
        "a brace without its pair; mana symbols are written {{2}}, {{W}}, {{W/U}}",
        "une accolade sans sa paire ; les symboles de mana s'écrivent {{2}}, {{W}}, {{W/U}}",
        "una llave sin su pareja; los símbolos de maná se escriben {{2}}, {{W}}, {{W/U}}",
    ),
    "cost_symbol": Message(
        "{{{symbol}}} is not a mana symbol: generic {{2}}, {{W}} {{U}} {{B}} {{R}} {{G}}, colorless {{C}}, "
        "snow {{S}}, {{X}}, hybrid {{W/U}} or {{2/W}}, Phyrexian {{W/P}}",
        "{{{symbol}}} n'est pas un symbole de mana : générique {{2}}, {{W}} {{U}} {{B}} {{R}} {{G}}, incolore {{C}}, "
        "neige {{S}}, {{X}}, hybride {{W/U}} ou {{2/W}}, phyrexian {{W/P}}",
        "{{{symbol}}} no es un símbolo de maná: genérico {{2}}, {{W}} {{U}} {{B}} {{R}} {{G}}, incoloro {{C}}, "
        "nevado {{S}}, {{X}}, híbrido {{W/U}} o {{2/W}}, pirexiano {{W/P}}",
    ),
    "unknown_ability_close": Message(
        "unknown ability '{name}'; did you mean {close}?",
        "capacité inconnue '{name}' ; vouliez-vous dire {close} ?",
        "habilidad desconocida '{name}'; ¿quisiste decir {close}?",
    ),
    "unknown_ability_known": Message(
        "unknown ability '{name}'; known: {known}",
        "capacité inconnue '{name}' ; celles qui existent : {known}",
        "habilidad desconocida '{name}'; las que existen: {known}",
    ),
    "unknown_ability_name": Message(
        "unknown ability name '{name}'",
        "nom de capacité inconnu '{name}'",
        "nombre de habilidad desconocido '{name}'",
    ),
    "unknown_ability_name_close": Message(
        "unknown ability name '{name}'; did you mean {close}?",
        "nom de capacité inconnu '{name}' ; vouliez-vous dire {close} ?",
        "nombre de habilidad desconocido '{name}'; ¿quisiste decir {close}?",
    ),
    "card_stats": Message(
        Plural(
            "count",
            "{card}: {stats} on the card; state it in the snapshot",
            "{card}: {stats} on the card; state them in the snapshot",
        ),
        Plural(
            "count",
            "{card} : la carte ne fixe pas cette valeur ({stats}) ; indiquez-la dans la situation",
            "{card} : la carte ne fixe pas ces valeurs ({stats}) ; indiquez-les dans la situation",
        ),
        Plural(
            "count",
            "{card}: la carta no fija este valor ({stats}); indícalo en la situación",
            "{card}: la carta no fija estos valores ({stats}); indícalos en la situación",
        ),
    ),
    "ability_not_effect": Message(
        "'{name}' is an ability, not an effect: an effect that gives it grants it; write it under {gains} or {abilities}",
        "'{name}' est une capacité, pas un effet : un effet qui la donne l'accorde ; écrivez-la sous {gains} "
        "ou {abilities}",
        "'{name}' es una habilidad, no un efecto: un efecto que la da la otorga; escríbela en {gains} o {abilities}",
    ),
    "unknown_card": Message(
        "unknown card '{name}' (the card database is of {dated}: {update} or {import_file} brings newer cards)",
        "carte inconnue '{name}' (la base de cartes date du {dated} : {update} ou {import_file} apporte les cartes "
        "plus récentes)",
        "carta desconocida '{name}' (la base de cartas es del {dated}: {update} o {import_file} trae las cartas más "
        "recientes)",
    ),
    "unknown_card_close": Message(
        "unknown card '{name}'; did you mean {close}? (the card database is of {dated}: {update} "
        "or {import_file} brings newer cards)",
        "carte inconnue '{name}' ; vouliez-vous dire {close} ? (la base de cartes date du {dated} : {update} ou "
        "{import_file} apporte les cartes plus récentes)",
        "carta desconocida '{name}'; ¿quisiste decir {close}? (la base de cartas es del {dated}: {update} o "
        "{import_file} trae las cartas más recientes)",
    ),
    "unknown_card_face": Message(
        "'{name}' is a face of '{card}', which the card database (of {dated}) lacks; {update} or "
        "{import_file} brings it",
        "la base de cartes (du {dated}) n'a pas '{name}', une partie de la carte '{card}' ; {update} ou "
        "{import_file} l'apporte",
        "'{name}' es una cara de '{card}', que falta en la base de cartas (del {dated}); {update} "
        "o {import_file} la trae",
    ),
    "card_database_damaged": Message(
        "{path}: {problem}; import a card file again ({import_file}), or delete it to use the bundled cards",
        "{path} : la base de cartes est endommagée ({problem}) ; importez de nouveau un fichier de cartes "
        "({import_file}) ou supprimez-la pour utiliser les cartes fournies",
        "{path}: la base de cartas está dañada ({problem}); importa de nuevo un archivo de cartas ({import_file}) "
        "o bórrala para usar las cartas incluidas",
    ),
    "card_database_unreadable": Message(
        "{path}: the card database can't be read ({reason}); make it readable ({fix}), or delete it to use the "
        "bundled cards",
        "{path} : la base de cartes ne peut pas être lue ({reason}) ; rendez-la lisible ({fix}) ou "
        "supprimez-la pour utiliser les cartes fournies",
        "{path}: no se puede leer la base de cartas ({reason}); hazla legible ({fix}) o bórrala para "
        "usar las cartas incluidas",
    ),
    "unknown_quality": Message(
        "unknown protection quality '{word}'; use a color, a card type, {qualities}, or a filter such as "
        "{{subtypes: [dragon]}} or {{controller: ben}}",
        "qualité de protection inconnue '{word}' ; indiquez une couleur, un type de carte, {qualities} ou un filtre "
        "comme {{subtypes: [dragon]}} ou {{controller: ben}}",
        "cualidad de protección desconocida '{word}'; indica un color, un tipo de carta, {qualities} o un filtro "
        "como {{subtypes: [dragon]}} o {{controller: ben}}",
    ),
    "unknown_effect": Message(
        "an effect needs exactly one of the keys {known}; got {keys}",
        "un effet a exactement une des clés {known} ; ici : {keys}",
        "un efecto tiene exactamente una de las claves {known}; aquí: {keys}",
    ),
    "ability_shape": Message(
        "a parameterized ability is a mapping with exactly one key, got {keys}",
        "une capacité avec paramètres est un dictionnaire à une seule clé ; ici : {keys}",
        "una habilidad con parámetros es un diccionario de una sola clave; aquí: {keys}",
    ),
    "empty_change": Message(
        "a change names at least one characteristic to change",
        "un changement nomme au moins une caractéristique à changer",
        "un cambio nombra al menos una característica que cambiar",
    ),
    "negative_damage": Message(
        "{creature} assigns {amount} damage to {recipient}: an amount is 0 or more",
        "{creature} assigne {amount} blessures à {recipient} : un montant vaut 0 ou plus",
        "{creature} asigna {amount} daño a {recipient}: una cantidad es 0 o más",
    ),
    "negative_prevention": Message(
        "prevent for {recipient}: an amount is 0 or more",
        "prévention pour {recipient} : un montant vaut 0 ou plus",
        "prevención para {recipient}: una cantidad es 0 o más",
    ),
    "order_repeats": Message("lists {ids} more than once", "cite {ids} plus d'une fois", "nombra {ids} más de una vez"),
    "timing_text": Message(
        "unreadable timing '{text}'; write e.g. 'before blockers are declared', 'during combat after blockers are "
        "declared', 'before the combat damage step', or a mapping such as '{before}: {point}'",
        "moment illisible '{text}' ; écrivez-le comme le format l'attend, par ex. '{before}: {point}'",
        "momento ilegible '{text}'; escríbelo como el formato lo espera, p. ej. '{before}: {point}'",
    ),
    "timing_points": Message(
        "give either {before} or {after}, not both",
        "indiquez {before} ou {after}, pas les deux",
        "indica {before} o {after}, no los dos",
    ),
    "target_needed": Message(
        "{must_be} needs the {target} it judges",
        "{must_be} demande la cible qu'il juge ({target})",
        "{must_be} necesita el objetivo que juzga ({target})",
    ),
    "action_empty": Message(
        "give its {timing}, or its {target} and {must_be}",
        "indiquez son moment ({timing}), ou sa cible ({target}) et {must_be}",
        "indica su momento ({timing}), o su objetivo ({target}) y {must_be}",
    ),
    "timing_empty": Message(
        "a timing restriction needs {before}, {after} or {during}",
        "une restriction de moment demande {before}, {after} ou {during}",
        "una restricción de momento necesita {before}, {after} o {during}",
    ),
    "unknown_step": Message(
        "unknown step '{word}'; steps are {steps}",
        "étape inconnue '{word}' ; les étapes sont {steps}",
        "paso desconocido '{word}'; los pasos son {steps}",
    ),
    "step_needs_content": Message(
        "unknown step '{word}'; '{step}' needs its content, e.g. {{{step}: ...}}",
        "étape inconnue '{word}' ; '{step}' demande son contenu, par ex. {{{step}: ...}}",
        "paso desconocido '{word}'; '{step}' necesita su contenido, p. ej. {{{step}: ...}}",
    ),
    "event_keys": Message(
        "an event is a step word ({steps}) or a mapping with exactly one of the keys {known}; got {keys}",
        "un événement est un mot d'étape ({steps}) ou un dictionnaire avec exactement une des clés {known} ; "
        "ici : {keys}",
        "un evento es una palabra de paso ({steps}) o un diccionario con exactamente una de las claves {known}; "
        "aquí: {keys}",
    ),
    "event_shape": Message(
        "an event is a step word or a mapping",
        "un événement est un mot d'étape ou un dictionnaire",
        "un evento es una palabra de paso o un diccionario",
    ),
    "unknown_keyword": Message(
        "unknown keyword '{name}'; use a keyword such as {examples}",
        "mot-clé inconnu '{name}' ; indiquez un mot-clé comme {examples}",
        "palabra clave desconocida '{name}'; indica una palabra clave como {examples}",
    ),
    "unknown_keyword_close": Message(
        "unknown keyword '{name}'; did you mean {close}?",
        "mot-clé inconnu '{name}' ; vouliez-vous dire {close} ?",
        "palabra clave desconocida '{name}'; ¿quisiste decir {close}?",
    ),
    "one_count": Message(
        "give exactly one of '{exactly}' and '{at_least}'",
        "indiquez soit '{exactly}', soit '{at_least}'",
        "indica '{exactly}' o '{at_least}', solo uno de los dos",
    ),
}

SCHEMA_TEXTS: dict[str, Message] = {**_PYDANTIC, **_OURS}

_CHOICE = re.compile(r"'(?:[^'\\]|\\.)*'|[^,' ]+")


class WordedValueError(ValueError):
    """A validator's ValueError that says which message of `_OURS` it is (pydantic keeps it in the error's ctx)."""

    def __init__(self, code: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def schema_params(kind: str, ctx: Mapping[str, Any]) -> tuple[str, dict[str, object]]:
    """The code and values of a pydantic error of type `kind`: a validator of ours names its message in `code`;
    pydantic's "'a', 'b' or 'c'" becomes the choices, joined in each language; a list is shown as pydantic shows
    it, and a tuple is a list of choices."""
    if kind == "value_error" and isinstance(ctx.get("error"), WordedValueError):
        error = ctx["error"]
        return error.code, dict(error.params)
    code = str(ctx.get("code", kind))
    params: dict[str, object] = {}
    for key, value in ctx.items():
        if key in ("code", "message", "error"):
            continue
        if key == "expected" and kind in ("literal_error", "enum") and isinstance(value, str):
            params[key] = tuple(_CHOICE.findall(value.replace(" or ", ", ")))
        elif isinstance(value, list):
            params[key] = str(value)
        else:
            params[key] = value
    return code, params


_PYDANTIC_PREFIXES = ("Value error, ", "Assertion failed, ")


def schema_problem_words(kind: str, ctx: Mapping[str, Any], message: str) -> tuple[str, dict[str, object], str]:
    """The code, values and English text of a pydantic error of type `kind` (its `ctx` and pydantic's `message`):
    our words for pydantic's own types; a validator's message (ours, or a card source's) as it says it, without
    pydantic's "Value error, " prefix."""
    code, params = schema_params(kind, ctx)
    known = _PYDANTIC.get(code)
    english = render_message(known, params, "en") if known is not None else None
    if english is None:
        english = message
        for prefix in _PYDANTIC_PREFIXES:
            english = english.removeprefix(prefix)
    return code, params, english
