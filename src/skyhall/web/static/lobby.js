// The lobby: choose a game, seats (human or bot and level) and options; create; invite; my matches.
import { render } from "preact";
import { useEffect, useLayoutEffect, useRef, useState } from "preact/hooks";
import {
  api, claimSeat, defaultLevel, forgetDeadHosts, heldSeats, holdHost, hostTokens, HowToPlay, html, inviteLink, LinkField, ordinal,
  seatLink,
} from "./lib.js";

/**
 * One option's control (see the server's describe_option): a seat option picks one of the match's
 * seats, an option with choices picks one of them, any other is typed in. Its value is the string the
 * control holds, "" for the default; optionValue turns it into what the server takes.
 */
function OptionControl({ option, players, value, onChange }) {
  const seats = Array.from({ length: players }, (_, i) => ({ value: String(i), label: `Seat ${i + 1}` }));
  const choices = option.seat ? seats : option.choices;
  const name = `option-${option.name}`;
  if (choices.length === 0) {
    return html`<label>${option.label}
      <input name=${name} value=${value || ""} placeholder=${option.hint || option.default_label}
        onInput=${(e) => onChange(e.currentTarget.value)} />
    </label>`;
  }
  return html`<label>${option.label}
    <select name=${name} value=${value || ""} onChange=${(e) => onChange(e.currentTarget.value)}>
      <option value="">${option.default_label}</option>
      ${choices.map((c) => html`<option value=${c.value}>${c.label}</option>`)}
    </select>
  </label>`;
}

/** What the server takes for an option's control value: "" → left out (the default), a seat → its number. */
function optionValue(option, text) {
  const t = text.trim();
  if (t === "") return undefined;
  return option.seat ? Number(t) : t;
}

/** The seat "I play this seat" marks among `seats`: `at` if a person plays it, else the first seat a
 * person plays (else the first seat: a match of bots alone, which its creator watches). */
function personSeat(seats, at) {
  if (seats[at] && seats[at].kind === "human") return at;
  return Math.max(0, seats.findIndex((s) => s.kind === "human"));
}

function seatDefaults(count, levels, old = []) {
  return Array.from({ length: count }, (_, i) =>
    old[i] || { kind: i === 0 ? "human" : "bot", level: defaultLevel(levels), name: "" });
}

function CreateForm({ games, onCreated }) {
  const [gameId, setGameId] = useState(games[0].id);
  const game = games.find((g) => g.id === gameId);
  const [players, setPlayers] = useState(game.min_players);
  const [seats, setSeats] = useState(seatDefaults(game.min_players, game.levels));
  const [mine, setMine] = useState(0);
  const [options, setOptions] = useState({});
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);

  const pickGame = (id) => {
    const next = games.find((g) => g.id === id);
    setGameId(id);
    setPlayers(next.min_players);
    setSeats(seatDefaults(next.min_players, next.levels));
    setOptions({});
    setMine(0);
  };
  const pickPlayers = (n) => {
    setPlayers(n);
    setSeats(seatDefaults(n, game.levels, seats.slice(0, n)));
    setMine(personSeat(seats.slice(0, n), mine));
    const gone = game.options.filter((o) => o.seat && options[o.name] && Number(options[o.name]) >= n);
    if (gone.length > 0) setOptions({ ...options, ...Object.fromEntries(gone.map((o) => [o.name, ""])) });
  };
  const setSeat = (i, change) => {
    const next = seats.map((s, j) => (j === i ? { ...s, ...change } : s));
    setSeats(next);
    setMine(personSeat(next, mine));
  };

  const submit = async (event) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    const chosen = {};
    for (const option of game.options) {
      const value = optionValue(option, options[option.name] || "");
      if (value !== undefined) chosen[option.name] = value;
    }
    const body = {
      game: gameId,
      players,
      options: chosen,
      seats: seats.map((s) => ({ kind: s.kind, level: s.kind === "bot" ? s.level : null, name: s.name.trim() || null })),
    };
    try {
      const created = await api("POST", "/api/matches", body);
      holdHost(created.match, created.host);
      // your own seat's link is opened here and now: only this browser holds your seat (should that
      // fail, the link is shown with the others, to be opened later). Only a person's seat: opening a
      // bot seat's link takes it over from the bot, and a match of bots alone is only watched.
      const own = seats[mine] && seats[mine].kind === "human" ? mine : null;
      const held = own !== null && await claimSeat(created.match, created.seats[own].token).then(() => true, () => false);
      onCreated(created, own, held);
    } catch (e) {
      setError(e.message);
    } finally {
      setBusy(false);
    }
  };

  const counts = [];
  for (let n = game.min_players; n <= game.max_players; n++) counts.push(n);
  return html`
    <form class="card create" onSubmit=${submit} aria-labelledby="create-title">
      <h2 id="create-title">New match</h2>
      <label>Game
        <select value=${gameId} onChange=${(e) => pickGame(e.currentTarget.value)} name="game">
          ${games.map((g) => html`<option value=${g.id}>${g.title}</option>`)}
        </select>
      </label>
      <div class="about-game">
        <p class="blurb">${game.summary[0]}</p>
        <${HowToPlay} summary=${game.summary} key=${gameId} />
      </div>
      <label>Players
        <select value=${players} onChange=${(e) => pickPlayers(Number(e.currentTarget.value))} name="players">
          ${counts.map((n) => html`<option value=${n}>${n}</option>`)}
        </select>
      </label>
      <fieldset class="seats">
        <legend>Seats</legend>
        ${seats.map((s, i) => html`
          <div class="seat-row" data-seat=${i}>
            <span class="seat-number">Seat ${i + 1}</span>
            <select aria-label=${`Seat ${i + 1}: human or bot`} value=${s.kind} name=${`kind-${i}`}
              onChange=${(e) => setSeat(i, { kind: e.currentTarget.value })}>
              <option value="human">Human</option>
              <option value="bot">Bot</option>
            </select>
            ${s.kind === "bot"
              ? html`<select aria-label=${`Seat ${i + 1}: bot level`} value=${s.level} name=${`level-${i}`}
                  onChange=${(e) => setSeat(i, { level: e.currentTarget.value })}>
                  ${game.levels.map((l) => html`<option value=${l}>${l}</option>`)}
                </select>`
              : html`<input aria-label=${`Seat ${i + 1}: name`} placeholder="name (optional)" maxlength="24"
                  value=${s.name} name=${`name-${i}`} onInput=${(e) => setSeat(i, { name: e.currentTarget.value })} />`}
            ${s.kind === "human" && html`<label class="play-here">
              <input type="radio" name="mine" checked=${mine === i} onChange=${() => setMine(i)}
                aria-label=${`I play seat ${i + 1}`} /> I play this seat
            </label>`}
          </div>`)}
      </fieldset>
      ${game.options.length > 0 && html`
        <fieldset class="options">
          <legend>Options</legend>
          ${game.options.map((o) => html`<${OptionControl} option=${o} players=${players} value=${options[o.name]}
            onChange=${(value) => setOptions({ ...options, [o.name]: value })} />`)}
        </fieldset>`}
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <button type="submit" class="primary" aria-disabled=${busy ? "true" : "false"}>Create match</button>
    </form>`;
}

/** The new match's links; `mine`: the creator's seat (null: none, the creator watches), `held`: whether
 * this browser opened it. */
function Created({ created, mine, held }) {
  const spectate = `${location.origin}${created.spectate}`;
  const heading = useRef(null);
  // before the card is painted: a scroll to it then moves nothing a pointer is about to click
  useLayoutEffect(() => { if (heading.current) heading.current.focus(); }, [created.match]);
  return html`
    <section class="card created" aria-labelledby="created-title">
      <h2 id="created-title" tabindex="-1" ref=${heading}>${created.title}: match created</h2>
      <p>Send each other human their seat's link. A link works once: the first device to open it holds the
        seat, and the link opens nothing after that. Bots play at once. If a link goes astray or a device is
        lost, make that seat a new link from the match page (Seat links).</p>
      <ul class="links">
        ${created.seats.map((s) => {
          const field = html`<${LinkField} link=${inviteLink(created.match, s.token)} label=${`Invite link for ${s.name}`} />`;
          return html`<li data-seat=${s.seat}>
            <strong>${s.name}</strong> ${s.kind === "bot" ? html`<span class="badge">bot · ${s.level}</span>` : ""}
            ${s.seat === mine && held ? html`<span class="badge you">you: held by this browser</span>`
              : s.kind === "bot"
                ? html`<details class="bot-link"><summary>Link to take ${s.name} over from the bot</summary>${field}</details>`
                : field}
          </li>`;
        })}
        <li><strong>Spectators</strong>
          <${LinkField} link=${spectate} label="Spectator link" />
        </li>
      </ul>
      ${mine === null
        ? html`<a class="button primary" href=${`${created.spectate}#watch`}>Watch the match</a>`
        : held
          ? html`<a class="button primary" href=${seatLink(created.match, mine)}>Open my seat</a>`
          : html`<p class="error" role="alert">Your seat (${created.seats[mine].name}) could not be opened here: open
              its link above in this browser.</p>`}
    </section>`;
}

/** " against Bob and Carol (bot)": the other seats of a match in "My matches". */
function rivals(m) {
  const others = (m.seats || []).filter((_, i) => i !== m.seat)
    .map((s) => (s.kind === "bot" ? `${s.name} (bot)` : s.name));
  if (others.length === 0) return "";
  const last = others.pop();
  return ` against ${others.length ? `${others.join(", ")} and ` : ""}${last}`;
}

/** "finished: you won", "finished: 2nd of 3". */
function finished(m) {
  if (!m.rank) return "finished";
  return m.rank === 1 ? "finished: you won" : `finished: ${ordinal(m.rank)} of ${(m.seats || []).length}`;
}

/** Why `count` matches this browser created left its list (their host tokens were forgotten). */
function replacedWords(count) {
  const which = count === 1 ? "A match you created is" : `${count} matches you created are`;
  const links = count === 1 ? "its host link was" : "their host links were";
  return `${which} no longer listed here: ${links} made new on another device (or the match is gone). `
    + "Open the new host link here to manage it again.";
}

function MyMatches({ titles }) {
  const [matches, setMatches] = useState(null);
  const [error, setError] = useState(null);
  const [replaced, setReplaced] = useState(0); // host links made new on another device
  useEffect(() => {
    const held = heldSeats();
    const hosts = hostTokens();
    if (held.length === 0 && hosts.length === 0) { setMatches([]); return; }
    api("POST", "/api/my-matches", { tokens: held.map((s) => s.token), hosts })
      .then((r) => { setReplaced(forgetDeadHosts(r.matches)); setMatches(r.matches); })
      .catch((e) => setError(e.message));
  }, []);
  return html`
    <section class="card mine" aria-labelledby="mine-title">
      <h2 id="mine-title">My matches</h2>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${matches === null && !error && html`<p>Loading…</p>`}
      ${replaced > 0 && html`<p class="quiet">${replacedWords(replaced)}</p>`}
      ${matches && matches.length === 0 && html`<p>No matches yet in this browser.</p>`}
      ${matches && matches.length > 0 && html`
        <ul class="match-list">
          ${matches.map((m) => html`
            <li class=${m.your_turn ? "your-turn" : ""}>
              <a href=${m.seat === null ? `/match/${encodeURIComponent(m.match)}#watch` : seatLink(m.match, m.seat)}>
                ${titles[m.game] || m.title}</a>
              <span>${m.reason ? `cannot be opened: ${m.reason}`
                : m.seat === null ? `you created it, no seat here: ${m.seats.map((s) => s.name).join(", ")}`
                : `as ${m.name}${rivals(m)}`}</span>
              <span class="status">${m.status === "over" ? finished(m) : m.status === "broken" ? "broken"
                : m.your_turn ? "your turn" : m.seat === null ? "being played" : "waiting"}${m.reason ? "" : ` · move ${m.seq}`}</span>
              ${m.status === "over" && html`<a href=${`/match/${m.match}/replay`}>replay</a>`}
            </li>`)}
        </ul>`}
    </section>`;
}

function Lobby() {
  const [games, setGames] = useState(null);
  const [error, setError] = useState(null);
  const [created, setCreated] = useState(null);
  useEffect(() => {
    api("GET", "/api/games").then((r) => setGames(r.games)).catch((e) => setError(e.message));
  }, []);
  const titles = Object.fromEntries((games || []).map((g) => [g.id, g.title]));
  return html`
    <header class="top"><h1>Skyhall</h1><p>Grand Central Skyport, Skyrise and Airport Rush in the browser.</p></header>
    <main class="lobby">
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${games && games.length === 0 && html`<p>No game can be played in the browser yet.</p>`}
      ${games && games.length > 0 && html`<${CreateForm} games=${games} onCreated=${(c, mine, held) => setCreated({ c, mine, held })} />`}
      ${created && html`<${Created} created=${created.c} mine=${created.mine} held=${created.held} />`}
      <${MyMatches} titles=${titles} key=${created ? created.c.match : "none"} />
    </main>`;
}

const root = document.getElementById("app");
root.replaceChildren();
render(html`<${Lobby} />`, root);
