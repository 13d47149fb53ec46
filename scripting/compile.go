package scripting

import (
	"context"
	"fmt"
	"io"
	"reflect"
	"strings"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"
)

// Every chunk (a script file, `lua CODE` at the prompt, loadstring and
// load in a script) is compiled here rather than by gopher-lua's Load:
//
//  1. its nesting is measured on the tokens before parsing: gopher-lua's
//     compiler recurses once per level of the syntax tree, so
//     loadstring("return "..("{"):rep(1e6)..("}"):rep(1e6)) overflowed
//     the Go stack (a fatal error, not a Lua error) after 1.4 GB;
//  2. the parse stops when the script's context is done (its memory cap);
//  3. every `a .. b .. c` becomes a call to a bounded concatenation
//     (concat in bounded.go): the VM's own concatenation cannot be limited,
//     and s = s..s in a loop went to 2-4 times the memory cap.

// Limits on a chunk.
const (
	// maxNesting bounds the levels of brackets, blocks and operators in
	// one expression (Lua 5.1 allows 200 levels of calls in its parser).
	maxNesting = 200
	// maxChunk bounds the source of one chunk.
	maxChunk = maxString
)

// concatKey is where the bounded concatenation lives: a key of the string
// table, found through the strings' metatable as ("")[concatKey], so that
// a function's environment (setfenv) does not change what `..` means.
const concatKey = "(concat)"

// compile compiles a chunk, or returns a *ScriptError (Syntax set) or the
// context's error when the script was stopped meanwhile.
func (e *env) compile(name, code string) (*lua.LFunction, error) {
	if len(code) > maxChunk {
		return nil, &ScriptError{Msg: fmt.Sprintf("%s: %d bytes is too big for a chunk (at most %d)", name, len(code), maxChunk), Syntax: true}
	}
	if err := checkNesting(name, code); err != nil {
		return nil, syntaxError(name, err)
	}
	chunk, err := parse.Parse(&ctxReader{ctx: e.ctx, r: strings.NewReader(code)}, name)
	if e.ctx.Err() != nil {
		return nil, e.ctx.Err()
	}
	if err != nil {
		return nil, syntaxError(name, err)
	}
	if err := rewriteConcat(reflect.ValueOf(&chunk).Elem(), 0); err != nil {
		return nil, syntaxError(name, err)
	}
	proto, err := lua.Compile(chunk, name)
	if err != nil {
		return nil, syntaxError(name, err)
	}
	return e.L.NewFunctionFromProto(proto), nil
}

// ctxReader ends its input when ctx is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if c.ctx.Err() != nil {
		return 0, io.EOF
	}
	return c.r.Read(p)
}

// checkNesting bounds, from the tokens, how deep the syntax tree of code
// can be: each open bracket or block is a level, and so is each operator
// of the expression being read at that level (a chain of n operators is a
// tree n deep). The count restarts where an expression ends: at a comma, a
// semicolon, '=', a keyword, or a new statement (an operand right after an
// operand). A long statement list or table is flat and costs nothing.
func checkNesting(name, code string) error {
	type level struct {
		closer int // the token that closes it
		ops    int // operators of the current expression
		extra  int // elseif branches (each nests the next)
	}
	var (
		sc      = parse.NewScanner(strings.NewReader(code), name)
		lx      parse.Lexer
		stack   = []level{{closer: -1}}
		depth   = 1 // len(stack) + every ops and extra
		prevEnd bool
		prev    int
	)
	tooDeep := func(tok ast.Token) error {
		return &parse.Error{Pos: tok.Pos, Message: fmt.Sprintf("too deeply nested: more than %d levels of brackets, blocks and operators", maxNesting), Token: tok.Str}
	}
	reset := func() {
		top := &stack[len(stack)-1]
		depth -= top.ops
		top.ops = 0
	}
	op := func() { stack[len(stack)-1].ops++; depth++ }
	push := func(closer int) { stack = append(stack, level{closer: closer}); depth++ }
	pop := func(closer int) bool {
		if len(stack) == 1 || stack[len(stack)-1].closer != closer {
			return false // unbalanced: the parser will say where
		}
		top := stack[len(stack)-1]
		depth -= 1 + top.ops + top.extra
		stack = stack[:len(stack)-1]
		return true
	}
	for {
		lx.PrevTokenType = prev
		tok, err := sc.Scan(&lx)
		if err != nil || tok.Type == parse.EOF {
			return nil // the parser reports lexical errors
		}
		t := tok.Type
		end := false
		switch t {
		case parse.TIdent, parse.TNumber, parse.TNil, parse.TTrue, parse.TFalse, parse.T3Comma:
			if prevEnd {
				reset() // a new statement
			}
			end = true
		case parse.TString:
			if prevEnd && (prev == parse.TIdent || prev == ')' || prev == ']') {
				op() // f"text": a call
			} else if prevEnd {
				reset()
			}
			end = true
		case '(', '[', '{':
			if prevEnd {
				op() // a call or an index
			}
			push(map[int]int{'(': ')', '[': ']', '{': '}'}[t])
		case ')', ']', '}':
			if !pop(t) {
				return nil
			}
			end = true
		case parse.TFunction, parse.TDo, parse.TIf:
			reset()
			push(parse.TEnd)
		case parse.TRepeat:
			reset()
			push(parse.TUntil)
		case parse.TEnd, parse.TUntil:
			if !pop(t) {
				return nil
			}
			reset()
			end = t == parse.TEnd // function ... end may be an operand
		case parse.TElseIf:
			reset()
			stack[len(stack)-1].extra++
			depth++
		case '+', '-', '*', '/', '%', '^', '#', '.', ':', '<', '>',
			parse.T2Comma, parse.TEqeq, parse.TNeq, parse.TLte, parse.TGte,
			parse.TAnd, parse.TOr, parse.TNot:
			op()
		default: // , ; = and the other keywords end an expression
			reset()
		}
		if depth > maxNesting {
			return tooDeep(tok)
		}
		prevEnd, prev = end, t
	}
}

var (
	exprType = reflect.TypeOf((*ast.Expr)(nil)).Elem()
	concatT  = reflect.TypeOf(&ast.StringConcatOpExpr{})
)

// rewriteConcat replaces, below v, each chain a .. b .. c with a call
// ("")[concatKey](a, b, c). depth is bounded by checkNesting; the check
// here only keeps a mistake there from becoming a crash.
func rewriteConcat(v reflect.Value, depth int) error {
	if depth > 20*maxNesting {
		return fmt.Errorf("too deeply nested")
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return nil
		}
		if v.Type() == exprType && v.Elem().Type() == concatT {
			v.Set(reflect.ValueOf(concatCall(v.Elem().Interface().(*ast.StringConcatOpExpr))))
		}
		return rewriteConcat(v.Elem(), depth+1)
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return rewriteConcat(v.Elem(), depth+1)
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			if err := rewriteConcat(v.Index(i), depth+1); err != nil {
				return err
			}
		}
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.CanSet() {
				if err := rewriteConcat(f, depth+1); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// concatCall turns a .. (b .. c) into ("")[concatKey](a, b, c).
func concatCall(c *ast.StringConcatOpExpr) ast.Expr {
	var args []ast.Expr
	var cur ast.Expr = c
	for {
		cc, ok := cur.(*ast.StringConcatOpExpr)
		if !ok {
			args = append(args, cur)
			break
		}
		args = append(args, cc.Lhs)
		cur = cc.Rhs
	}
	for _, a := range args {
		// An operand gives one value, as in (f()) or (...).
		switch a := a.(type) {
		case *ast.FuncCallExpr:
			a.AdjustRet = true
		case *ast.Comma3Expr:
			a.AdjustRet = true
		}
	}
	obj := &ast.StringExpr{Value: ""}
	key := &ast.StringExpr{Value: concatKey}
	fn := &ast.AttrGetExpr{Object: obj, Key: key}
	call := &ast.FuncCallExpr{Func: fn, Args: args, AdjustRet: true}
	for _, n := range []ast.Expr{obj, key, fn, call} {
		n.SetLine(c.Line())
		n.SetLastLine(c.LastLine())
	}
	return call
}
