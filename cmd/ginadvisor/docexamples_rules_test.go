package main

// The documented examples the default run of TestDocExamples does not run
// as written, and the files their pages and helps name.

// docRule is how the suite treats a documented command that the default
// run does not run as written.
type docRule struct {
	// cmd is the command, its white space made single spaces.
	cmd string
	// long runs the command only with -long.
	long bool
	// needs are the programs the command runs besides ginadvisor: without
	// one of them on the PATH it is skipped.
	needs []string
	// skip never runs it.
	skip bool
	// interrupt stops the command, which runs until Ctrl-C, with SIGINT
	// once it has printed as many lines as the document shows.
	interrupt bool
	// reproduces is a file of the repository that the command, run as
	// written (with -long), writes again byte for byte, at the same path
	// under its working directory.
	reproduces string
	// reason says why, for the reader of the table and of -v's log.
	reason string
}

// docRules are the documented commands that run only with -long, need
// another program, or are never run; every other documented command up to
// its source's last shown output runs in the default run (see
// everydayExamples), and the rest with -long.
// A rule that names no documented command fails the test, so that the
// table follows the documents.
var docRules = []docRule{
	// Another program's or the reader's own, which the suite does not have.
	{cmd: `ginadvisor match --p1 'engine:./mybot --level 3' --p2 simple --games 2000 --movetime 500ms --sprt 'elo0=0 elo1=10'`, skip: true, reason: "./mybot is the reader's engine"},
	{cmd: `seq 8 | xargs -P 8 -I{} ginadvisor match --p1 'engine:./mybot' --p2 simple --games 2000 --shard {}/8 --log part-{}.log`, skip: true, reason: "./mybot is the reader's engine (the next line reads logs the setup plays)"},
	{cmd: `ginadvisor tournament --log t.log --concurrency 2 'engine:./mybot' simple heuristic`, skip: true, reason: "./mybot is the reader's engine (the next line reads a log the setup plays)"},
	{cmd: `ginadvisor check-engine --set samples=32 --json 'engine:python3 mybot.py'`, skip: true, reason: "mybot.py is the reader's engine"},
	{cmd: `javac -cp framework.jar -d host contrib/eaai/src/ginadvisor/Host.java`, skip: true, reason: "needs the EAAI framework's jar; contrib/eaai's TestBridge builds the host"},
	{cmd: `ginadvisor match --rules eaai --p1 'engine:java -cp host:framework.jar:mybot.jar ginadvisor.Host MyPlayer' --p2 simple`, skip: true, reason: "needs the EAAI framework's jar and the reader's player"},
	{cmd: `ginadvisor advise --full --samples N --seed S --particles P --replicas R 'POSITION'`, skip: true, reason: "a template: N, S, P, R and POSITION are a graded decision's"},
	{cmd: `source <(ginadvisor completion zsh) # in ~/.zshrc`, skip: true, reason: "zsh's script, for zsh; TestCompletionScriptsAndMan checks it is printed"},
	{cmd: `ginadvisor completion powershell | Out-String | Invoke-Expression`, skip: true, reason: "PowerShell's; TestCompletionScriptsAndMan checks the script is printed"},
	// Other programs, run when the machine has them.
	{cmd: `sqlite3 gin.db ".import --csv decisions.csv decisions"`, needs: []string{"sqlite3"}},
	{cmd: `sqlite3 gin.db "SELECT player, CASE WHEN CAST(turn AS INTEGER) <= 3 THEN 'early' WHEN CAST(turn AS INTEGER) <= 8 THEN 'middle' ELSE 'late' END AS stage, COUNT(*) AS decisions, ROUND(100.0 * SUM(class = 'blunder') / COUNT(*), 2) AS blunder_pct FROM decisions GROUP BY player, stage ORDER BY player, stage"`, needs: []string{"sqlite3"}},
	{cmd: `duckdb -c "SELECT deadwood, COUNT(*) AS knocks FROM read_csv_auto('decisions.csv') WHERE kind = 'knock' AND move <> 'playon' GROUP BY deadwood ORDER BY deadwood"`, needs: []string{"duckdb"}},
	{cmd: `parallel -j 16 'ginadvisor batch --json --quiet --shard {}/16 logs/ > part-{}.json' ::: $(seq 16)`, needs: []string{"parallel"}},
	{cmd: `ginadvisor man > ginadvisor.1 && man ./ginadvisor.1`, needs: []string{"man"}},
	// Cut to 20 games by default; as written, it regenerates the table.
	{cmd: `ginadvisor equity --games 20000 --seed 2024 > advise/equity_data.go`, reproduces: "advise/equity_data.go"},

	// The server runs until Ctrl-C.
	{cmd: `ginadvisor serve`, interrupt: true},
	{cmd: `ginadvisor serve --addr 127.0.0.1:8080 --open`, skip: true, reason: "serves until Ctrl-C, and opens a browser"},

	// Minutes of work.
	{cmd: `ginadvisor simulate --p1 advisor,samples=512 --p2 advisor --games 200 --mirrored`, skip: true, reason: "200 games of the advisor against itself: some 8 minutes of CPU (2 games take 5 s)"},
	{cmd: `ginadvisor match --p1 'engine:ginadvisor engine' --p2 simple --tc 60+1 --sprt 'elo0=0 elo1=20' --log m.log`, skip: true, reason: "200 games of the engine under a clock: tens of minutes (the next line reads a log the setup plays)"},
	{cmd: "for f in adv40 rnd40 small40 heur40; do ginadvisor batch --quiet --json $f.log > $f.json done", skip: true, reason: "grades 160 games at the default budget: tens of minutes (checked by hand: docs/batch.md)"},
	{cmd: `go run ./lab/cmd/accuracyfit adv40.json rnd40.json small40.json heur40.json`, skip: true, reason: "reads the summaries of the line before"},
	// The research record's runs (docs/research.md): the advisor's games by the hundred or thousand.
	{cmd: `ginadvisor simulate --rules eaai --p1 advisor-fixed,margin=1.5 --p2 advisor-fixed --games 600 --mirrored`, skip: true, reason: "600 games of the advisor against itself: some 25 minutes of CPU (2 games take 5 s)"},
	{cmd: `ginadvisor simulate --rules eaai --p1 advisor-fixed --p2 simple --games 2000 --seed 2026`, skip: true, reason: "2,000 games of the advisor: tens of minutes of CPU"},
	{cmd: `ginadvisor simulate --rules eaai --p1 advisor --p2 heuristic --games 300 --mirrored --seed 121`, skip: true, reason: "300 games of the advisor: minutes of CPU"},
	{cmd: `for s in 281 282; do ginadvisor simulate --rules eaai --p1 advisor,samples=512 --p2 advisor --games 1000 --mirrored --seed $s; done`, skip: true, reason: "2,000 games of the advisor against itself, one side at 512 worlds: over an hour of CPU"},
	{cmd: `go build -o ginadvisor ./cmd/ginadvisor`, skip: true, reason: "builds branch clock50's binary, for the two runs after it"},
	{cmd: `ginadvisor-main match --p1 'engine:./ginadvisor engine' --p2 advisor --tc 10 --games 20000 --sprt 'elo0=0 elo1=14' --seed 58 --concurrency 1 --log sprt-clock5-tc10.log`, skip: true, reason: "an SPRT of branch clock50's engine at 10 s a game against main's binary: hours"},
	{cmd: `./ginadvisor match --p1 advisor --p2 simple --tc 3 --games 1000 --seed 55 --concurrency 1 --log tu3-clock4.log`, skip: true, reason: "1,000 games of branch clock50 at 3 s a game: about an hour"},
	{cmd: `ginadvisor simulate --p1 advisor --p2 advisor --games 120 --seed 4242 --workers 1 --log selfplay-4242.log --quiet`, skip: true, reason: "120 games of the advisor against itself: some 5 minutes of CPU, for the lab's verdicts"},
	{cmd: `go build -o labengine ./lab/cmd/labengine`, skip: true, reason: "builds the lab's engine, for the SPRT after it"},
	{cmd: `ginadvisor match --p1 "engine:./labengine -styles $S/style-heuristic.json,$S/style-simple.json,$S/style-advisor.json" --p2 'engine:./labengine' --st 200ms --timemargin 500ms --games 4000 --sprt 'elo0=0 elo1=14' --seed 70 --concurrency 2 --log sprt-styles-st200.log`, skip: true, reason: "an SPRT of the lab's filter at 200 ms a decision: two hours on two cores"},
	{cmd: `ginadvisor match --from-log sprt-styles-st200.log --sprt 'elo0=0 elo1=14'`, skip: true, reason: "reads the SPRT's log, which the line before plays (lab/results/sprt-styles-st200.log.xz)"},
	{cmd: `ginadvisor match --p1 'engine:./labengine -scorer lab/results/styles/scorer-v1.json' --p2 'engine:./labengine' --st 200ms --timemargin 500ms --games 4000 --sprt 'elo0=0 elo1=14' --seed 73 --concurrency 1 --log sprt-scorer-st200.log`, skip: true, reason: "an SPRT of the lab's scorer at 200 ms a decision: hours on two cores"},
	{cmd: `ginadvisor match --from-log sprt-scorer-st200.log --sprt 'elo0=0 elo1=14'`, skip: true, reason: "reads the SPRT's log, which the line before plays (lab/results/sprt-scorer-st200.log.xz)"},
	{cmd: `ginadvisor match --p1 'engine:./labengine -rank lab/results/rank-v1-prune4.json' --p2 'engine:./labengine' --st 200ms --timemargin 500ms --games 4000 --sprt 'elo0=0 elo1=14' --seed 74 --concurrency 1 --log sprt-prune4-st200.log`, skip: true, reason: "an SPRT of the lab's ranking model pruning at 200 ms a decision: hours on two cores"},
	{cmd: `ginadvisor match --from-log sprt-prune4-st200.log --sprt 'elo0=0 elo1=14'`, skip: true, reason: "reads the SPRT's log, which the line before plays (lab/results/sprt-prune4-st200.log.xz)"},
	{cmd: `ginadvisor match --p1 heuristic --p2 simple --games 400 --rules eaai --seed 97 --log h-simple.log`, skip: true, reason: "a log of 400 games for the lab's fitted styles, which the lines after it read with the lab's commands"},
	{cmd: `ginadvisor match --p1 heuristic --p2 heuristic --games 400 --rules eaai --seed 97 --log h-heuristic.log`, skip: true, reason: "a log of 400 games for the lab's fitted styles"},
	{cmd: `ginadvisor match --p1 heuristic --p2 advisor --games 400 --rules eaai --seed 97 --log h-advisor.log`, skip: true, reason: "400 games of the advisor, for the lab's fitted styles: minutes of CPU"},
	{cmd: `ginadvisor simulate --p1 advisor --p2 simple --games 40 --seed 11 --log adv40.log`, long: true, reason: "40 games of the advisor: a minute"},
	{cmd: `ginadvisor simulate --p1 advisor-small --p2 simple --games 40 --seed 13 --log small40.log`, long: true, reason: "40 games of the advisor at 48 worlds"},
	{cmd: `ginadvisor calibrate --rules eaai --fit --games 40 --seed 12345`, long: true, reason: "3 s of CPU"},
	{cmd: `ginadvisor check-engine --set samples=32 'engine:ginadvisor engine'`, long: true, reason: "whole games of the engine: 1.5 s of CPU"},
	{cmd: `ginadvisor check-engine 'engine:ginadvisor engine'`, long: true, reason: "whole games of the engine at 50 ms a decision: about 8 s on a busy machine"},
	{cmd: `ginadvisor match --p1 advisor --p2 heuristic --games 2 --tc 3 --rules eaai`, long: true, reason: "the advisor spends its 3 s a game: 5 s of CPU"},
}

// docSetup are the shell lines that make, in a source's working
// directory, the files its examples name that the repository does not
// hold by that name. Every directory has testdata/, the repository's, and
// a home directory.
var docSetup = map[string]string{
	"docs/arena.md": "ginadvisor match --p1 simple --p2 random --games 4 --shard 1/2 --log part-1.log >/dev/null 2>&1\n" +
		"ginadvisor match --p1 simple --p2 random --games 4 --shard 2/2 --log part-2.log >/dev/null 2>&1",
	"docs/batch.md": "mkdir logs && cp testdata/sample.log logs/\n" +
		"ginadvisor batch --quick --json --shard 1/2 logs/ > part-1.json\n" +
		"ginadvisor batch --quick --json --shard 2/2 logs/ > part-2.json",
	"help batch":      "cp testdata/sample.log games.log\nmkdir logs && cp testdata/sample.log logs/\ncp testdata/eaai/heuristic-vs-simple-001.txt marjj-vs-simple-001.txt",
	"help convert":    "cp testdata/eaai/heuristic-vs-simple-001.txt marjj-vs-simple-001.txt\ncp testdata/openspiel/heuristic-vs-simple.jsonl samples.jsonl",
	"help log check":  "cp testdata/sample.log games.log",
	"help score":      "cp testdata/hands.txt hands.txt",
	"help equity":     "mkdir advise",
	"help completion": "mkdir -p ~/.config/fish/completions",
	"help merge": "ginadvisor batch --quick --json --shard 1/2 testdata/sample.log > part1.json\n" +
		"ginadvisor batch --quick --json --shard 2/2 testdata/sample.log > part2.json",
	"help engine":     "printf 'ginrummy\\nisready\\nnewgame\\nnewhand seat p1 dealer p2 number 1 hand 2C 3C 7C JD 4H 5H 6H 9H QH JS upcard 5S\\ngo\\nquit\\n' > session.txt",
	"help match":      "ginadvisor match --p1 heuristic --p2 simple --games 4 --log m.log >/dev/null 2>&1",
	"help tournament": "ginadvisor tournament --games 2 --log t.log simple heuristic >/dev/null 2>&1",
	"help outs": "echo 'p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,JD stock=30 took=- passed=QC discards=JD dealer=p1' > positions.txt\n" +
		"echo 'p1 draw hand=AC,3C,4C,TD,KD,AH,5H,TH,JH,6S pile=KS,7H stock=30 took=- passed=KS discards=7H dealer=p1' >> positions.txt",
	"help advise": "echo 'p1 draw hand=AS,2S,3S,4S,5S,6S,7S,8S,9S,KH pile=QC,JD stock=30 took=- passed=QC discards=JD dealer=p1' > positions.txt\n" +
		"echo 'p1 discard hand=8C,AS,2S,3S,7D,9D,JD,QC,KH,4H,5H pile=QS,2C,JH,KD stock=27 took=8H,8D passed=QS discards=2C,JH,KD drawn=5H dealer=p1 draws=6' >> positions.txt",
	"help risk": "echo 'p1 knock hand=7C,7D,7H,KC,KD,KH,2S,3S,4S,AC pile=2D,6H,5H,9S,TD stock=27 took=- passed=- discards=6H,9S drawn=AC dealer=p2' > positions.txt\n" +
		"echo 'p1 knock hand=7C,7D,7H,KC,KD,KH,2S,3S,4S,AC pile=2D,6H,5H,6C,QS,AH,9S,JD,KS,TS,5D,QH,QD,QC,JH,4C,4H,8S,8C,JC,4D,9C,2C,9H,TD,6S,9D,3D,AS stock=3 took=- passed=- discards=6H,6C,AH,JD,TS,QH,QC,4C,8S,JC,9C,9H,6S,3D drawn=AC dealer=p2 rules=eaai' >> positions.txt",
}
