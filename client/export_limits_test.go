package client

// SetAnswerLimit shrinks the answer body limit of c, so that a test need not
// stream 32 MiB.
func SetAnswerLimit(c *Client, n int) {
	c.answerLimit = n
	c.http.SetResponseBodyLimit(n)
}

// SetMaxPages shrinks the page cap of c's walks, so that a test need not
// serve 10,000 pages.
func SetMaxPages(c *Client, n int) { c.maxPages = n }
