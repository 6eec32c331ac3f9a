// Package sandbox implements the calendar interface, in process or on a port.
package sandbox
