package board

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ginadvisor/ginadvisor/internal/longtest"

	"github.com/ginadvisor/ginadvisor/gamelog"
	"github.com/ginadvisor/ginadvisor/internal/testgames"
	"github.com/ginadvisor/ginadvisor/rules"
)

// loadEnv tells the test binary, started again by TestLoad, to serve a
// board for it.
const loadEnv = "GINADVISOR_BOARD_LOAD_SERVER"

// loadPosition is eleven discards, each worth seconds at 20,000 worlds.
const loadPosition = "p1 discard hand=AC,6C,2D,4D,6D,7D,AH,8H,9H,3S,4S pile=6H,TD,JS,QH,QC,TC,JH,QS stock=23 first=6H took=- passed=QC,6H,JH,JS discards=TD,QH,TC,QS drawn=AC draws=8 score=0-0 dealer=p1 rules=eaai number=1"

// TestLoadServer is the board that TestLoad loads: the test binary run
// again, so that the server's memory is measured apart from the
// client's. It serves with the defaults of `ginadvisor serve` until its
// standard input closes.
func TestLoadServer(t *testing.T) {
	if os.Getenv(loadEnv) == "" {
		t.Skip("run by TestLoad only")
	}
	ln, err := Listen("")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		cancel()
	}()
	if err := Serve(ctx, ln, Options{}, os.Stdout, false); err != nil {
		t.Fatal(err)
	}
}

// loadCase is one endpoint under load: n concurrent requests of one body.
type loadCase struct {
	name, path string
	body       []byte
	// ok are the statuses a bounded board may answer: 200, or a refusal
	// that says to come back.
	ok []int
}

// loadResult is what a case measured.
type loadResult struct {
	statuses map[int]int
	failed   int // transport errors: no answer at all
	times    []time.Duration
	peakRSS  int64
}

// TestLoad loads a board, served by another process on loopback, with 300
// concurrent requests to each kind of endpoint in turn: advice at 20,000
// worlds, conversions of a log of about a megabyte, reviews, positions and
// new games. Every request must be answered, with 200 or a refusal to come
// back later; the server's resident memory must stay under 300 MB and come
// back under 100 MB within a minute of the load. The answer times are
// reported, not asserted: they are the machine's business.
func TestLoad(t *testing.T) {
	if !longtest.Enabled() {
		t.Skip("the load test runs with -long")
	}
	const n = 300
	url, pid := startLoadServer(t)
	big := bigLog(t, 950<<10)
	convert, _ := json.Marshal(map[string]string{"log": big})
	sample, err := os.ReadFile("../testdata/sample.log")
	if err != nil {
		t.Fatal(err)
	}
	review, _ := json.Marshal(map[string]any{"log": string(sample), "quick": true})
	busy := []int{200, 503}
	cases := []loadCase{
		{"advise, 20,000 worlds", "/api/advise", []byte(`{"position":"` + loadPosition + `","samples":20000}`), busy},
		{"convert, " + strconv.Itoa(len(convert)>>10) + " KiB", "/api/convert", convert, busy},
		{"review, quick", "/api/review", review, busy},
		{"position", "/api/position", []byte(`{"position":"` + loadPosition + `"}`), busy},
		{"game/new", "/api/game/new", []byte(`{"opponent":"simple"}`), []int{200, 429, 503}},
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: n}, Timeout: time.Minute}
	var peak int64
	for _, c := range cases {
		r := loadOnce(t, client, url, pid, c, n)
		peak = max(peak, r.peakRSS)
		slices.Sort(r.times)
		t.Logf("%-22s %v; answer time median %v, p99 %v, max %v; RSS peak %d MB",
			c.name, r.statuses, r.times[len(r.times)/2].Round(time.Millisecond), r.times[len(r.times)*99/100].Round(time.Millisecond),
			r.times[len(r.times)-1].Round(time.Millisecond), r.peakRSS>>20)
		if r.failed > 0 {
			t.Errorf("%s: %d requests had no answer", c.name, r.failed)
		}
		for status, k := range r.statuses {
			if !slices.Contains(c.ok, status) {
				t.Errorf("%s: %d answers of %d", c.name, k, status)
			}
		}
	}
	hwm := procStatus(t, pid, "VmHWM")
	t.Logf("RSS peak over the load: %d MB sampled, %d MB high-water mark", peak>>20, hwm>>20)
	if hwm > 300<<20 {
		t.Errorf("the server's memory peaked at %d MB, over 300 MB", hwm>>20)
	}
	start := time.Now()
	rss := procStatus(t, pid, "VmRSS")
	for i := 0; i < 120 && rss >= 100<<20; i++ {
		time.Sleep(500 * time.Millisecond)
		rss = procStatus(t, pid, "VmRSS")
	}
	t.Logf("RSS after the load: %d MB, %v after the last answer", rss>>20, time.Since(start).Round(100*time.Millisecond))
	if rss >= 100<<20 {
		t.Errorf("the server still holds %d MB a minute after the load", rss>>20)
	}
}

// startLoadServer starts TestLoadServer in another process and returns
// its URL and process id; the process ends with the test.
func startLoadServer(t *testing.T) (string, int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadServer$")
	cmd.Env = append(os.Environ(), loadEnv+"=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		_ = cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("the server said %q: %v", line, err)
	}
	go func() { _, _ = io.Copy(io.Discard, stdout) }()
	url := regexp.MustCompile(`http://[^ ]+/`).FindString(line)
	if url == "" {
		t.Fatalf("no URL in %q", line)
	}
	return strings.TrimSuffix(url, "/"), cmd.Process.Pid
}

// bigLog is a ginadvisor log of simple against random whose convert
// request is at most size bytes and within a tenth of it.
func bigLog(t *testing.T, size int) string {
	t.Helper()
	games := testgames.Play(t, rules.Standard(), 400, 1)
	best := ""
	for n := 1; n <= len(games); n++ {
		var b strings.Builder
		if err := gamelog.WriteLog(&b, games[:n]); err != nil {
			t.Fatal(err)
		}
		body, _ := json.Marshal(map[string]string{"log": b.String()})
		if len(body) > size {
			break
		}
		best = b.String()
	}
	if len(best) < size*9/10/2 {
		t.Fatalf("the log is %d bytes, far under %d", len(best), size)
	}
	return best
}

// loadOnce sends n concurrent requests of one case, sampling the server's
// resident memory meanwhile.
func loadOnce(t *testing.T, client *http.Client, url string, pid int, c loadCase, n int) loadResult {
	t.Helper()
	r := loadResult{statuses: map[int]int{}}
	var mu sync.Mutex
	var wg sync.WaitGroup
	done := make(chan struct{})
	sampled := make(chan int64)
	go func() {
		peak := procStatus(t, pid, "VmRSS")
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				sampled <- peak
				return
			case <-tick.C:
				peak = max(peak, procStatus(t, pid, "VmRSS"))
			}
		}
	}()
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			req, _ := http.NewRequest(http.MethodPost, url+c.path, bytes.NewReader(c.body))
			req.Header.Set("Content-Type", "application/json")
			res, err := client.Do(req)
			status := 0
			if err == nil {
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				status = res.StatusCode
			}
			mu.Lock()
			defer mu.Unlock()
			r.times = append(r.times, time.Since(start))
			if err != nil {
				r.failed++
				return
			}
			r.statuses[status]++
		}()
	}
	wg.Wait()
	close(done)
	r.peakRSS = <-sampled
	return r
}

// procStatus reads a size in bytes from /proc/PID/status ("VmRSS",
// "VmHWM").
func procStatus(t *testing.T, pid int, key string) int64 {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatalf("the server's memory: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, key+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			return kb << 10
		}
	}
	t.Fatalf("no %s in /proc/%d/status", key, pid)
	return 0
}
