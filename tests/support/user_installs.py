"""Where Floe is installed, for the strict Discord (:mod:`tests.support.strict_discord`): to a
server (a guild install, with its bot user) or to a player's account (a user install), as
Discord documents it (resources/application.mdx "Installation Context",
interactions/application-commands.mdx "Contexts", interactions/receiving-and-responding.mdx
"Authorizing Integration Owners Object" and "Followup Messages"). simcord knows only servers the
bot is in and sends no installation at all.

- A command is offered to a person in a channel only if an installation authorizes it there: the
  server's install (key ``"0"``) in a server that added Floe or in the DM with the bot, the
  person's own install (key ``"1"``, when :meth:`Installs.add_to_account` was called) anywhere;
  each only if the command's ``integration_types`` hold that install (left out: the app's
  configured ones, :data:`APP_INSTALLS`) and its ``contexts`` the surface (``0`` a server, ``1``
  the DM with the bot; left out: all). A command no installation authorizes is not offered: using
  it is a ``SetupError``, as simcord's own check for a command not visible.
- Every interaction carries ``authorizing_integration_owners`` (``"0"``: the server's id, or
  ``"0"`` in the DM with the bot; ``"1"``: the user's id) and, in a server without Floe,
  ``app_permissions`` of the person using it (a user-installed app "is forced to respect the
  user's permissions").
- A server without Floe (:meth:`Installs.remove_from_server`): the bot is not in it. Its gateway
  forgets the server (GUILD_DELETE) and any request of the bot for the server or one of its
  channels is refused with 403/50001 Missing Access; the interaction's own responses and
  follow-ups work, at most :data:`USER_INSTALL_FOLLOWUPS` follow-ups an interaction (a sixth is a
  breach).
"""

from __future__ import annotations

from typing import Any

from simcord.backend.errors import BackendError, SetupError
from simcord.enums import ChannelType

GUILD_INSTALL, USER_INSTALL = 0, 1
GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
#: The installation contexts the app supports (its Developer Portal "Installation" page: both).
APP_INSTALLS = (GUILD_INSTALL, USER_INSTALL)
ALL_CONTEXTS = (GUILD, BOT_DM, PRIVATE_CHANNEL)
MISSING_ACCESS = 50001
#: Follow-ups an interaction may have when only a user install authorized it.
USER_INSTALL_FOLLOWUPS = 5
COMMAND_INTERACTIONS = frozenset({2, 4})  # APPLICATION_COMMAND, APPLICATION_COMMAND_AUTOCOMPLETE


class Installs:
    """Which servers have Floe and which players added it to their account."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.backend = env.backend
        #: users who added Floe to their account
        self.users: set[int] = set()
        #: servers that did not add Floe (the bot is not a member)
        self.servers_without: set[int] = set()
        #: (user id, channel id) -> the owners of the command the user is about to use there
        self._pending: dict[tuple[int, int], dict[str, str]] = {}
        #: interaction token -> follow-ups sent (user-install-only interactions)
        self._followups: dict[str, int] = {}

    # ------------------------------------------------------------------ what a test sets up

    def add_to_account(self, user_id: int) -> None:
        """The player added Floe to their account ("Add to my apps")."""
        self.users.add(user_id)

    def remove_from_server(self, guild_id: int) -> None:
        """A server that never added Floe: the bot is not in it (its gateway forgets it)."""
        self.servers_without.add(guild_id)
        self.backend.emit("GUILD_DELETE", {"id": str(guild_id)})

    # ------------------------------------------------------------------ commands

    def owners(self, command: dict[str, Any] | None, user_id: int, channel_id: int) -> dict[str, str]:
        """``authorizing_integration_owners`` of ``user_id`` using ``command`` (None: a component
        or a modal, which any installation in the place authorizes) in ``channel_id``."""
        channel = self.backend.get_channel(channel_id)
        guild_id = channel.guild_id
        if guild_id is not None:
            context = GUILD
        elif channel.type == ChannelType.DM:
            context = BOT_DM
        else:
            context = PRIVATE_CHANNEL
        installs = APP_INSTALLS if command is None else command.get("integration_types") or APP_INSTALLS
        contexts = ALL_CONTEXTS if command is None else _contexts(command)
        owners: dict[str, str] = {}
        if context not in contexts:
            return owners
        server_has_floe = context == BOT_DM or (context == GUILD and guild_id not in self.servers_without)
        if GUILD_INSTALL in installs and server_has_floe:
            owners[str(GUILD_INSTALL)] = str(guild_id) if guild_id is not None else "0"
        if USER_INSTALL in installs and user_id in self.users:
            owners[str(USER_INSTALL)] = str(user_id)
        return owners

    def check_offered(self, root: dict[str, Any], user_id: int, channel_id: int, name: str) -> None:
        """Refuse a command no installation offers the user here; else remember its owners for
        the interaction about to be made."""
        owners = self.owners(root, user_id, channel_id)
        if not owners:
            raise SetupError(
                f"Command '/{name}' is not offered to this user here: no installation authorizes it "
                "(Discord: the app is not in this server, or the command is not installed for users, "
                "or not for this context); a real user could not run it"
            )
        self._pending[(user_id, channel_id)] = owners

    # ------------------------------------------------------------------ interactions

    def complete(
        self, payload: dict[str, Any], type: int, user_id: int, channel_id: int, guild_id: int | None
    ) -> None:
        """An interaction's installations and, in a server without Floe, the user's permissions."""
        pending = self._pending.pop((user_id, channel_id), None)
        if type in COMMAND_INTERACTIONS and pending is not None:
            owners = pending
        else:
            owners = self.owners(None, user_id, channel_id)
        payload["authorizing_integration_owners"] = owners
        if guild_id is not None and guild_id in self.servers_without:
            payload["app_permissions"] = str(self.backend.compute_permissions(guild_id, user_id, channel_id))

    def only_user_install(self, token: str) -> bool:
        record = self.backend.interaction_by_token(token)
        return self._guild_of(record.channel_id) in self.servers_without

    def note_followup(self, token: str) -> str | None:
        """A follow-up sent: the breach when it is one too many (user install only)."""
        if not self.only_user_install(token):
            return None
        self._followups[token] = sent = self._followups.get(token, 0) + 1
        if sent > USER_INSTALL_FOLLOWUPS:
            return f"follow-up {sent} of an interaction only a user install authorized (at most {USER_INSTALL_FOLLOWUPS})"
        return None

    # ------------------------------------------------------------------ the bot's own requests

    def refuse(self, path: str) -> None:
        """403/50001 for the bot's requests about a server without Floe or one of its channels."""
        parts = path.strip("/").split("/")
        if len(parts) < 2 or not parts[1].isdigit():
            return
        if parts[0] == "guilds":
            guild_id: int | None = int(parts[1])
        elif parts[0] == "channels":
            guild_id = self._guild_of(int(parts[1]))
        else:
            return
        if guild_id is not None and guild_id in self.servers_without:
            raise BackendError(403, MISSING_ACCESS, "Missing Access")

    def _guild_of(self, channel_id: int) -> int | None:
        channel = self.backend.channels.get(channel_id)
        return None if channel is None else channel.guild_id


def _contexts(command: dict[str, Any]) -> tuple[int, ...]:
    contexts = command.get("contexts")
    if contexts is not None:
        return tuple(contexts)
    return ALL_CONTEXTS if command.get("dm_permission", True) else (GUILD,)
