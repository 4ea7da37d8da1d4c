package ginadvisor;

import ginrummy.Card;
import ginrummy.GinRummyPlayer;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Runs any player of the EAAI-2021 Gin Rummy framework (a class that
 * implements ginrummy.GinRummyPlayer, with a public constructor that takes
 * nothing) as an engine speaking ginadvisor's line protocol on stdin and
 * stdout, so that it plays in ginadvisor's match and tournament:
 *
 *   java -cp host-classes:framework.jar:mybot.jar ginadvisor.Host MyPlayer
 *
 * Each protocol line becomes the framework's call for it, in the
 * framework's order (docs/protocol.md, A bridge to the EAAI framework, read
 * the other way round). The player plays the framework's rules, eaai, so
 * that is the only rule set the host accepts. A player's decision cannot
 * be interrupted: stop is taken and the move comes when the player returns;
 * isready is answered at once even then. quit ends the host once every
 * line read before it is answered, in order; during a go it ends the host
 * at once, with no answer to the go in flight.
 */
public final class Host {
	private final GinRummyPlayer player;
	private final String name;
	private final PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), false);
	private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<>();
	private volatile boolean going;
	private boolean quitting;
	/** QUIT, queued by identity, ends serve once the lines before it are handled. */
	private static final String QUIT = new String("quit");

	private int me, starter;
	private Card top;
	private boolean firstOffer, handPlayed, opponentKnocked, defended;
	private int passes;
	private char lastOwn; // 'd' drew or took, 'x' discarded, 0 otherwise
	private final List<ArrayList<Card>> knockMelds = new ArrayList<>();

	private Host(GinRummyPlayer player, String name) {
		this.player = player;
		this.name = name;
	}

	public static void main(String[] args) throws Exception {
		if (args.length != 1) {
			System.err.println("usage: java -cp CLASSPATH ginadvisor.Host PLAYER_CLASS");
			System.exit(2);
		}
		Class<?> cls = Class.forName(args[0], true, Thread.currentThread().getContextClassLoader());
		GinRummyPlayer player = (GinRummyPlayer) cls.getDeclaredConstructor().newInstance();
		new Host(player, cls.getSimpleName()).serve();
	}

	/** say writes one line, unless quit was read. */
	private void say(String line) {
		synchronized (out) {
			if (!quitting) {
				out.println(line);
				out.flush();
			}
		}
	}

	private void serve() throws InterruptedException {
		Thread reader = new Thread(this::read, "protocol-reader");
		reader.setDaemon(true);
		reader.start();
		while (true) {
			String line = lines.take();
			if (line == QUIT) {
				synchronized (out) {
					quitting = true;
					out.flush();
				}
				System.exit(0);
			}
			if (line.isEmpty()) {
				return; // the end of input
			}
			try {
				handle(line);
			} catch (RuntimeException e) {
				// A player's fault, or a line the host cannot follow: one
				// error line, as the engine protocol has it.
				e.printStackTrace();
				say("error " + e);
			}
		}
	}

	/**
	 * read takes stdin's lines: isready and stop while a go runs, and quit
	 * then, at once; everything else in order, through the queue, quit
	 * too, after which nothing is read.
	 */
	private void read() {
		try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
			String line;
			while ((line = in.readLine()) != null) {
				String word = line.replaceAll("#.*", "").trim().split("\\s+")[0];
				if (word.equals("quit")) {
					if (going) {
						// A decision cannot be cut short: the host ends
						// without its answer.
						synchronized (out) {
							quitting = true;
						}
						System.exit(0);
					}
					// Whatever was read before quit is answered first.
					lines.add(QUIT);
					return;
				}
				if (going && word.equals("isready")) {
					say("readyok");
				} else if (!(going && word.equals("stop")) && !word.isEmpty()) {
					lines.add(line.trim());
				}
			}
		} catch (Exception e) {
			e.printStackTrace();
		}
		lines.add("");
	}

	private void handle(String line) {
		String[] f = line.replaceAll("#.*", "").trim().split("\\s+");
		switch (f[0]) {
		case "ginrummy":
			say("id name " + name + " (EAAI)");
			say("id protocol 1");
			say("option name rules type combo default eaai var eaai");
			// Taken and ignored: a player of the framework has no clock.
			say("option name movetime type spin default 0 min 0 max 3600000");
			say("ginrummyok");
			break;
		case "isready":
			say("readyok");
			break;
		case "setoption":
			if (f.length != 5 || !f[1].equals("name") || !f[3].equals("value")) {
				say("error setoption takes: name NAME value VALUE");
			} else if (f[2].equals("rules") && !f[4].equals("eaai")) {
				say("error an EAAI player plays the EAAI framework's rules only: setoption name rules value eaai");
			} else if (!f[2].equals("rules") && !f[2].equals("movetime")) {
				say("error unknown option " + f[2]);
			}
			break;
		case "newgame":
		case "stop":
			break;
		case "newhand":
			newHand(f);
			break;
		case "event":
			event(f);
			break;
		case "scores":
			if (handPlayed) {
				handPlayed = false;
				player.reportScores(new int[] {Integer.parseInt(f[1]), Integer.parseInt(f[2])});
			}
			break;
		case "go":
			going = true;
			try {
				say("bestmove " + decide());
			} finally {
				going = false;
			}
			break;
		default:
			say("error unknown command " + f[0]);
		}
	}

	private static int seat(String s) {
		switch (s) {
		case "p1":
			return 0;
		case "p2":
			return 1;
		}
		throw new IllegalArgumentException("no seat " + s);
	}

	private static Card card(String s) {
		Card c = Card.strCardMap.get(s);
		if (c == null) {
			throw new IllegalArgumentException("no card " + s);
		}
		return c;
	}

	/** newhand seat P dealer P [number N] hand C1 … C10 upcard C */
	private void newHand(String[] f) {
		int dealer = -1;
		List<Card> hand = new ArrayList<>();
		for (int i = 1; i < f.length; i++) {
			switch (f[i]) {
			case "seat":
				me = seat(f[++i]);
				break;
			case "dealer":
				dealer = seat(f[++i]);
				break;
			case "number":
				i++;
				break;
			case "upcard":
				top = card(f[++i]);
				break;
			case "hand":
				while (i + 1 < f.length && Card.strCardMap.containsKey(f[i + 1])) {
					hand.add(card(f[++i]));
				}
				break;
			default:
				throw new IllegalArgumentException("newhand: unknown field " + f[i]);
			}
		}
		if (dealer < 0 || hand.size() != 10 || top == null) {
			throw new IllegalArgumentException("newhand takes: seat P dealer P hand C1 … C10 upcard C");
		}
		starter = 1 - dealer;
		firstOffer = true;
		handPlayed = true;
		opponentKnocked = defended = false;
		passes = 0;
		lastOwn = 0;
		knockMelds.clear();
		player.startGame(me, starter, hand.toArray(new Card[0]));
	}

	private static ArrayList<ArrayList<Card>> melds(String[] f, int from) {
		ArrayList<ArrayList<Card>> melds = new ArrayList<>();
		ArrayList<Card> cur = new ArrayList<>();
		for (int i = from; i < f.length; i++) {
			for (String part : f[i].split("(?=\\|)|(?<=\\|)")) {
				if (part.equals("|")) {
					if (!cur.isEmpty()) {
						melds.add(cur);
					}
					cur = new ArrayList<>();
				} else if (!part.isEmpty() && !part.equals("-")) {
					cur.add(card(part));
				}
			}
		}
		if (!cur.isEmpty()) {
			melds.add(cur);
		}
		return melds;
	}

	private void event(String[] f) {
		int p = seat(f[1]);
		switch (f[2]) {
		case "pass":
			passes++;
			break;
		case "take":
			firstOffer = false;
			player.reportDraw(p, card(f[3]));
			lastOwn = p == me ? 'd' : 0;
			break;
		case "draw":
			firstOffer = false;
			player.reportDraw(p, p == me && f.length > 3 && !f[3].equals("?") ? card(f[3]) : null);
			lastOwn = p == me ? 'd' : 0;
			break;
		case "discard":
			top = card(f[3]);
			player.reportDiscard(p, top);
			lastOwn = p == me ? 'x' : 0;
			break;
		case "knock":
		case "gin":
		case "big-gin":
			knockMelds.clear();
			knockMelds.addAll(melds(f, 3));
			opponentKnocked = p != me;
			player.reportFinalMelds(p, melds(f, 3));
			break;
		case "melds":
			player.reportFinalMelds(p, melds(f, 3));
			break;
		case "layoff":
			layoffs(p, String.join(" ", List.of(f).subList(3, f.length)));
			break;
		case "hand":
			ArrayList<Card> hand = new ArrayList<>();
			for (int i = 3; i < f.length; i++) {
				hand.add(card(f[i]));
			}
			player.reportFinalHand(p, hand);
			break;
		default:
			throw new IllegalArgumentException("event: unknown kind " + f[2]);
		}
	}

	/** layoffs reports "C onto N, …", each with the meld as grown so far. */
	private void layoffs(int p, String text) {
		for (String part : text.split(",")) {
			String[] w = part.trim().split("\\s+");
			Card c = card(w[0]);
			if (w.length == 3 && w[1].equals("onto")) {
				ArrayList<Card> m = knockMelds.get(Integer.parseInt(w[2]) - 1);
				player.reportLayoff(p, c, new ArrayList<>(m));
				m.add(c);
			}
		}
	}

	private static String format(List<ArrayList<Card>> melds) {
		StringBuilder b = new StringBuilder();
		for (List<Card> m : melds) {
			if (m.isEmpty()) {
				continue;
			}
			if (b.length() > 0) {
				b.append(" | ");
			}
			for (int i = 0; i < m.size(); i++) {
				b.append(i > 0 ? " " : "").append(m.get(i));
			}
		}
		return b.length() == 0 ? "-" : b.toString();
	}

	/** decide makes the framework's call for the decision the seat faces. */
	private String decide() {
		if (opponentKnocked && !defended) {
			defended = true;
			ArrayList<ArrayList<Card>> m = player.getFinalMelds();
			return "melds " + (m == null ? "-" : format(m));
		}
		if (lastOwn == 'x') {
			ArrayList<ArrayList<Card>> m = player.getFinalMelds();
			if (m == null) {
				return "playon";
			}
			int n = 0;
			for (List<Card> x : m) {
				n += x.size();
			}
			return (n >= 10 ? "gin " : "knock ") + format(m);
		}
		if (lastOwn == 'd') {
			return "discard " + player.getDiscard();
		}
		if (firstOffer && passes >= 2) {
			// Both passed the first upcard: the starter draws, unasked,
			// as in the framework.
			return "draw";
		}
		boolean take = player.willDrawFaceUpCard(top);
		return take ? "take" : firstOffer ? "pass" : "draw";
	}
}
